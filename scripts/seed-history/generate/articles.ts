/**
 * One outlet's articles over the range: counts by weekday, times by local hour,
 * sections, bylines or agency credit, declared vs first-seen times, and headlines
 * (most kept, some rewritten, a few A/B-tested on the front page, DER-6).
 */
import { headlineParts, headlineText, rewrite } from "./headlines";
import { localDays, publicationTime, WEEKDAY_FACTORS } from "./calendar";
import type { Random } from "./random";
import type { StoryArticle } from "./stories";
import type { GenArticle, GenOutlet } from "./types";
import { AGENCIES, AGENCY_WEIGHTS, SECTIONS, SECTION_WEIGHTS } from "./vocabulary";

const MINUTE = 60_000;

function urlSlug(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);
}

/** Articles of `outlet` in [from, to), ids from `firstId`, in first-seen order. */
export function generateArticles(
  random: Random,
  outlet: GenOutlet,
  outletId: number,
  storyArticles: readonly StoryArticle[],
  from: number,
  to: number,
  firstId: number,
): GenArticle[] {
  const drafts: { at: number; story?: StoryArticle }[] = [];
  for (const day of localDays(from, to)) {
    const n = random.poisson(outlet.articlesPerDay * WEEKDAY_FACTORS[day.weekday]!);
    for (let i = 0; i < n; i++) {
      const at = publicationTime(random, day);
      if (at >= from && at < to) drafts.push({ at });
    }
  }
  for (const story of storyArticles) drafts.push({ at: story.at, story });
  drafts.sort((a, b) => a.at - b.at);

  const articles: GenArticle[] = [];
  let id = firstId;
  for (const d of drafts) {
    const agency = random.chance(0.18) ? random.weighted(AGENCIES, AGENCY_WEIGHTS) : null;
    const authors = agency
      ? random.chance(0.5)
        ? [agency]
        : []
      : random.weighted([[random.pick(outlet.authors)], [random.pick(outlet.authors), random.pick(outlet.authors)], []], [85, 10, 5]);
    const section = random.weighted(SECTIONS, SECTION_WEIGHTS);
    const parts = headlineParts(random, d.story);
    const first = headlineText(random, parts);
    const toFrontpage = random.chance(d.story ? Math.min(1, outlet.frontpageShare * 1.6) : outlet.frontpageShare);
    const pattern = toFrontpage && random.chance(0.04) ? "ab" : random.chance(0.12) ? "rewrite" : "single";
    const headlines = pattern === "single" ? [first] : [first, rewrite(random, parts, first)];
    const delay = Math.floor(1 * MINUTE + random.exponential(9 * MINUTE));
    const firstSeenAt = Math.min(to - 1, d.at + delay);
    const inFeed = random.chance(0.9);
    const firstSeenIn = inFeed && random.chance(0.78) ? "feed" : "sitemap";
    const sitemapAt =
      random.chance(0.85) || firstSeenIn === "sitemap"
        ? firstSeenAt + (firstSeenIn === "sitemap" ? 0 : Math.floor(random.exponential(6 * MINUTE)))
        : null;
    articles.push({
      id,
      outletId,
      url: `https://www.${outlet.domain}/${urlSlug(section)}/${new Date(d.at).toISOString().slice(0, 10)}/${urlSlug(first)}-${id}.html`,
      publishedAt: random.chance(0.93) ? d.at : null,
      modifiedAt: random.chance(0.3) ? d.at + Math.floor(random.exponential(90 * MINUTE)) : null,
      firstSeenAt,
      firstSeenIn,
      firstSeenFeedAt: inFeed ? (firstSeenIn === "feed" ? firstSeenAt : firstSeenAt + Math.floor(random.exponential(4 * MINUTE))) : null,
      firstSeenSitemapAt: sitemapAt,
      firstSeenFrontpageAt: null,
      section,
      authors,
      isFree: random.weighted([true, false, null], outlet.tier === "big" ? [75, 20, 5] : [90, 5, 5]),
      agency,
      storyId: d.story?.storyId ?? null,
      siteDomain: outlet.domain,
      toFrontpage,
      headlines,
      pattern,
      lastSeenAt: firstSeenAt + Math.floor(12 * 3_600_000 + random.exponential(24 * 3_600_000)),
    });
    id++;
  }
  return articles;
}
