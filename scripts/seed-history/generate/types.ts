/** Rows the history generator produces, in the shape of db/schema (ids assigned by the generator). */

/** A generated outlet and how it behaves over the year. */
export interface GenOutlet {
  index: number;
  slug: string;
  name: string;
  domain: string;
  homepage: string;
  tier: "big" | "medium" | "small";
  /** Mean articles per weekday. */
  articlesPerDay: number;
  /** Share of articles that reach the front page. */
  frontpageShare: number;
  frontpageSize: number;
  renderMode: "static" | "browser";
  /** Share of front-page captures that fail (normal days). */
  failureRate: number;
  /** Days before the end during which captures mostly fail (0: never), for "sin posición" (BLK-7). */
  troubledDays: number;
  authors: string[];
  feeds: string[];
  sitemap: string;
}

/** An article row (columns of `articles` the generator fills). */
export interface GenArticle {
  id: number;
  outletId: number;
  url: string;
  publishedAt: number | null;
  modifiedAt: number | null;
  firstSeenAt: number;
  firstSeenIn: "feed" | "sitemap" | "frontpage";
  firstSeenFeedAt: number | null;
  firstSeenSitemapAt: number | null;
  firstSeenFrontpageAt: number | null;
  section: string;
  authors: string[];
  isFree: boolean | null;
  agency: string | null;
  storyId: number | null;
  siteDomain: string;
  /** Whether the front page picks it up, and how it is headlined (not columns). */
  toFrontpage: boolean;
  headlines: string[];
  pattern: "single" | "rewrite" | "ab";
  lastSeenAt: number;
}

/** A headline version row. */
export interface GenHeadlineVersion {
  id: number;
  articleId: number;
  text: string;
  textHash: string;
  firstSeenAt: number;
  lastSeenAt: number;
  seenIn: string[];
}

/** An article's place on the front page while it holds (STO-1); written by rank-spans.ts. */
export interface Placement {
  articleId: number;
  outletId: number;
  /** Order key among the outlet's spans (crawler/record/span-plan.ts). */
  position: number;
  fromAt: number;
  /** Last confirming capture; null while open at the end of the generated period. */
  toAt: number | null;
}

/** A front-page capture attempt. */
export interface GenCapture {
  outletId: number;
  at: number;
  outcome: string;
  linkCount: number;
  renderMode: string;
  changed: boolean | null;
}

/** A request-log row (STO-5). */
export interface GenFetch {
  at: number;
  siteDomain: string;
  url: string;
  kind: string;
  status: number | null;
  bytes: number;
  durationMs: number;
  outcome: string;
}

/** A story cluster across outlets. */
export interface GenStory {
  id: number;
  firstSeenAt: number;
  lastSeenAt: number;
  keyTerms: string[];
  outletCount: number;
  /** Words shared by its headlines (not a column). */
  subject: string;
  object: string;
}

/** Everything generated for one outlet. */
export interface OutletYear {
  articles: GenArticle[];
  versions: GenHeadlineVersion[];
  placements: Placement[];
  captures: GenCapture[];
  fetches: GenFetch[];
}
