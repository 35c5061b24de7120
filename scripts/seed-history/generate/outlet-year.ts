/** Everything one outlet did over the range, from its own random stream. */
import { generateArticles } from "./articles";
import { fetchLog } from "./fetch-log";
import { simulateFrontPage } from "./frontpage";
import type { Random } from "./random";
import type { StoryArticle } from "./stories";
import type { GenOutlet, OutletYear } from "./types";
import { headlineVersions } from "./versions";

/** Where ids start for this outlet's rows. */
export interface IdBase {
  article: number;
  version: number;
}

/** Articles, versions, front-page placements and captures, and the last `logDays` of requests. */
export function generateOutletYear(
  random: Random,
  outlet: GenOutlet,
  outletId: number,
  storyArticles: readonly StoryArticle[],
  range: { from: number; to: number; logDays: number },
  ids: IdBase,
): OutletYear {
  const articles = generateArticles(random, outlet, outletId, storyArticles, range.from, range.to, ids.article);
  const { captures, placements } = simulateFrontPage(random, outlet, outletId, articles, range.from, range.to);
  const versions = [];
  let versionId = ids.version;
  for (const a of articles) {
    const vs = headlineVersions(random, a, range.to, versionId);
    versionId += vs.length;
    versions.push(...vs);
  }
  const logFrom = Math.max(range.from, range.to - range.logDays * 86_400_000);
  const fetches = fetchLog(random, outlet, articles, captures, logFrom, range.to);
  return { articles, versions, placements, captures, fetches };
}
