/**
 * One outlet's front page over the range, captured on the adaptive schedule (SCH-2:
 * 15 min while the top changes, backing off to 30 and 60, 60 at night). New articles
 * enter the opening block near the top and push its last one down into the page,
 * where it replaces the oldest; most positions hold between captures. Some captures
 * fail; a span survives a missed capture only within 2 h (as crawler/record/frontpage.ts).
 */
import { DAY, madridOffset } from "./calendar";
import type { Random } from "./random";
import { planSpans, type OpenSpan } from "../../../crawler/record/span-plan";
import type { GenArticle, GenCapture, GenOutlet, Placement } from "./types";

const MINUTE = 60_000;
/** Ranks of the opening block, where new stories enter. */
const OPENING = 8;
/** Ranks compared to call a capture "changed" (crawler TOP_POSITIONS). */
const TOP = 10;
/** A rank is not assumed to have held across a longer gap between good captures. */
const MAX_GAP_MS = 2 * 3_600_000;
/** An article not placed within this long after it was first seen never is. */
const MAX_WAIT_MS = 6 * 3_600_000;
const FAILURES = ["timeout", "http-error", "unreachable", "blocked"];

interface Slot {
  article: GenArticle;
  placedAt: number;
}

/** Captures and placements of `outlet` in [from, to); sets the articles' front-page times. */
export function simulateFrontPage(
  random: Random,
  outlet: GenOutlet,
  outletId: number,
  articles: readonly GenArticle[],
  from: number,
  to: number,
): { captures: GenCapture[]; placements: Placement[] } {
  const candidates = articles.filter((a) => a.toFrontpage);
  const captures: GenCapture[] = [];
  const placements: Placement[] = [];
  const page: Slot[] = [];
  // Open spans planned as the crawler plans them (order keys, push-downs end no span).
  let open: (OpenSpan & { fromAt: number })[] = [];
  const pending: GenArticle[] = [];
  let next = 0;
  let lastOk: number | undefined;
  let unchanged = 0;
  let offsetDay = -1;
  let offset = 0;
  const troubledFrom = outlet.troubledDays > 0 ? to - outlet.troubledDays * DAY : Infinity;

  const close = (span: OpenSpan & { fromAt: number }, at: number | null) => {
    placements.push({ articleId: span.articleId, outletId, position: span.position, fromAt: span.fromAt, toAt: at });
  };

  for (let t = from + random.int(0, 14) * MINUTE; t < to;) {
    if (Math.floor(t / DAY) !== offsetDay) {
      offsetDay = Math.floor(t / DAY);
      offset = madridOffset(t);
    }
    const hour = Math.floor(((t + offset) % DAY) / 3_600_000);
    const failed = random.chance(t >= troubledFrom ? 0.6 : outlet.failureRate);
    if (failed) {
      captures.push({ outletId, at: t, outcome: random.pick(FAILURES), linkCount: 0, renderMode: outlet.renderMode, changed: null });
    } else {
      if (lastOk !== undefined && t - lastOk > MAX_GAP_MS) {
        for (const span of open) close(span, lastOk);
        open = [];
      }
      while (next < candidates.length && candidates[next]!.firstSeenAt <= t) pending.push(candidates[next++]!);
      const before = page.slice(0, TOP).map((s) => s.article.id);
      let entered = 0;
      while (pending.length > 0 && entered < 3) {
        const article = pending.shift()!;
        if (t - article.firstSeenAt > MAX_WAIT_MS) continue;
        if (!random.chance(0.7)) {
          pending.unshift(article);
          break;
        }
        enter(
          page,
          { article, placedAt: t },
          random.weighted([1, 2, 3, 4, 5, 6, 7, 8], [30, 20, 15, 10, 8, 7, 5, 5]),
          outlet.frontpageSize,
        );
        article.firstSeenFrontpageAt ??= t;
        entered++;
      }
      if (page.length > 2 && random.chance(0.06)) {
        const k = random.int(0, Math.min(OPENING, page.length) - 2);
        [page[k], page[k + 1]] = [page[k + 1]!, page[k]!];
      }
      const plan = planSpans(
        open,
        page.map((slot) => ({ articleId: slot.article.id })),
      );
      const kept = new Set(plan.extend);
      for (const span of open) if (!kept.has(span.spanId)) close(span, lastOk ?? t);
      open = [
        ...open.filter((span) => kept.has(span.spanId)),
        ...plan.open.map(({ index, position }) => ({
          spanId: page[index]!.article.id,
          articleId: page[index]!.article.id,
          position,
          fromAt: t,
        })),
      ];
      for (const slot of page) slot.article.lastSeenAt = Math.max(slot.article.lastSeenAt, t);
      const changed = before.length !== Math.min(TOP, page.length) || before.some((id, i) => page[i]!.article.id !== id);
      unchanged = changed ? 0 : unchanged + 1;
      captures.push({ outletId, at: t, outcome: "ok", linkCount: page.length, renderMode: outlet.renderMode, changed });
      lastOk = t;
    }
    const interval = hour >= 1 && hour < 6 ? 60 : unchanged >= 4 ? 60 : unchanged >= 2 ? 30 : 15;
    t += interval * MINUTE + random.int(0, 20) * 1000;
  }
  // Spans the last capture confirmed stay open (to_at null), as the crawler leaves them.
  for (const span of open) close(span, null);
  return { captures, placements };
}

/** Put `slot` at `rank` of the opening block; the block's last goes down, replacing the page's oldest. */
function enter(page: Slot[], slot: Slot, rank: number, size: number): void {
  const at = Math.min(rank - 1, page.length);
  if (page.length < size) {
    page.splice(at, 0, slot);
    return;
  }
  page.splice(at, 0, slot);
  const demoted = page.splice(Math.min(OPENING, page.length - 1), 1)[0]!;
  let oldest = OPENING;
  for (let r = OPENING; r < page.length; r++) if (page[r]!.placedAt < page[oldest]!.placedAt) oldest = r;
  page[oldest] = demoted;
}
