/** The entries of one article's headline-changes feed (SPEC WEB-6, WEB-9): one per version, newest first, each saying what it replaced. Pure. */
import type { AtomEntry } from "./atom";

/** A headline version as the article page holds it (the text already as it may be cited). */
export interface FeedVersion {
  headline: string;
  firstSeenAt: number;
}

/** One entry per version, newest first; keys match the other feeds' (`titular/<article>/<first seen>`). */
export function articleChangeEntries(articleId: number, versions: readonly FeedVersion[]): AtomEntry[] {
  const oldestFirst = [...versions].sort((a, b) => a.firstSeenAt - b.firstSeenAt);
  return oldestFirst
    .map((v, i) => ({
      key: `titular/${articleId}/${v.firstSeenAt}`,
      title: v.headline,
      updated: v.firstSeenAt,
      href: `/noticias/${articleId}`,
      summary: i === 0 ? "Primera versión que vimos." : `Antes: «${oldestFirst[i - 1]!.headline}»`,
    }))
    .reverse();
}
