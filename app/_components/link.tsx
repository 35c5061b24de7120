/**
 * A link on a public page: a plain anchor. Public pages run no script (the front door removes
 * Next.js's, lib/front-door/script-free.ts), so `next/link`'s client navigation never ran there,
 * and the pages the site writes as static markup (app/_lib/html/) cannot hold a client component.
 * The operator's admin, which keeps its scripts, uses `next/link`.
 */
import type { AnchorHTMLAttributes } from "react";

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; "data-testid"?: string };

/** `<a>` with the props given. */
export function Link(props: LinkProps) {
  return <a {...props} />;
}
