/**
 * A page's Atom feed (SPEC WEB-6): `<link rel="alternate" type="application/atom+xml">`,
 * which React places in the document's head, and a visible link for readers.
 */

export function FeedLink({ href, title, text }: { href: string; title: string; text: string }) {
  return (
    <>
      <link rel="alternate" type="application/atom+xml" href={href} title={title} />
      <p className="hint feed-link">
        <a href={href} type="application/atom+xml">
          {text}
        </a>{" "}
        (Atom: cópialo en tu lector de noticias).
      </p>
    </>
  );
}
