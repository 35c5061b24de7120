/**
 * Layout evidence on real front pages (docs/positions.md "Layout boxes"): a saved page is
 * rendered offline by the product's own browser-mode page (crawler/fetch/browser-page.ts:
 * the document served from memory, every other request blocked, so remote CSS, fonts,
 * images and scripts are missing), read as browser mode reads it, and its main ranking in
 * document order is compared with the order of its layout boxes and with the box rule's.
 */
import type { Browser } from "playwright-core";
import { renderInPage } from "../../crawler/fetch/browser-page";
import type { LayoutBox } from "../../crawler/fetch/browser-boxes";
import { extractFrontPage, type FrontPageLink } from "../../crawler/parse/frontpage/frontpage";
import { orderByBoxes, titleBoxes } from "../../crawler/parse/frontpage/visual-order";
import { scoreCapture, type CaptureScore } from "./score";
import type { Expectation } from "./files";

/** One page to render: its URL, bytes, served type and (when checked by hand) its expected teasers. */
export interface LayoutPage {
  name: string;
  url: string;
  bytes: Uint8Array;
  contentType: string;
  expected?: Expectation;
}

/** What the layout of one page says about its main ranking. */
export interface LayoutReading {
  name: string;
  positions: number;
  /** Positions with a title box, and those whose title box meets the first 900 px. */
  boxed: number;
  aboveFold: number;
  /** Lowest box bottom of the top 10 (px): how far down the page its first ten teasers reach. */
  top10Depth: number;
  /** Box order (top, then left) against document order: first position differs; top 10 differ (as a sequence, as a set). */
  boxLeadDiffers: boolean;
  boxTop10Differs: boolean;
  boxTop10Overlap: number;
  /** The box rule against document order. */
  ruleLeadDiffers: boolean;
  ruleTop10Differs: boolean;
  /** Scores against the hand-checked teasers, where there are some: document order, box rule. */
  documentScore?: CaptureScore;
  ruleScore?: CaptureScore;
}

const IDENTITY = { userAgent: "HemeroscopioBot/1.0 (+https://hemeroscopio.example/bot)", email: "bot@hemeroscopio.example" };

/** Render `page` offline and compare the three orders of its main ranking. */
export async function readLayout(browser: Browser, page: LayoutPage): Promise<LayoutReading> {
  const render = await renderInPage(
    browser,
    { url: page.url, status: 200, contentType: page.contentType, body: page.bytes },
    { identity: IDENTITY },
    AbortSignal.timeout(120_000),
  );
  const titles = titleBoxes(render.boxes);
  const links: Boxed[] = extractFrontPage(render.html, page.url, "text/html; charset=utf-8").links.map((l) => ({
    ...l,
    box: titles.get(l.url),
  }));
  const byBox = boxOrder(links);
  const byRule = orderByBoxes(links, render.boxes);
  const urls = (list: readonly Boxed[]) => list.slice(0, 10).map((l) => l.url);
  const doc10 = urls(links);
  const box10 = urls(byBox);
  const rule10 = urls(byRule);
  const top10 = links.slice(0, 10).filter((l) => l.box);
  return {
    name: page.name,
    positions: links.length,
    boxed: links.filter((l) => l.box).length,
    aboveFold: links.filter((l) => l.box?.aboveFold).length,
    top10Depth: Math.max(0, ...top10.map((l) => l.box!.y + l.box!.height)),
    boxLeadDiffers: box10[0] !== doc10[0],
    boxTop10Differs: box10.join("\n") !== doc10.join("\n"),
    boxTop10Overlap: doc10.length === 0 ? 1 : box10.filter((u) => doc10.includes(u)).length / doc10.length,
    ruleLeadDiffers: rule10[0] !== doc10[0],
    ruleTop10Differs: rule10.join("\n") !== doc10.join("\n"),
    ...(page.expected ? { documentScore: scoreCapture(links, page.expected), ruleScore: scoreCapture(byRule, page.expected) } : {}),
  };
}

/** A position with its title box (visual-order.ts), when it was laid out. */
type Boxed = FrontPageLink & { box?: LayoutBox };

/** Pure box order: positions with a box by top, then left; those without keep their order after them. */
export function boxOrder<L extends Boxed>(links: readonly L[]): L[] {
  const boxed = links.filter((l) => l.box).sort((a, b) => a.box!.y - b.box!.y || a.box!.x - b.box!.x);
  return [...boxed, ...links.filter((l) => !l.box)];
}
