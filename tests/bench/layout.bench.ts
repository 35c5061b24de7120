/**
 * `npm run bench -- layout`: real front pages laid out offline in Debian's Chromium by the
 * product's browser-mode page (every request but the document blocked: no remote CSS,
 * fonts, images or scripts; tests/replay/layout-evidence.ts), then their main ranking in
 * document order compared with the order of its boxes (top, then left) and with the box
 * rule's (crawler/parse/frontpage/visual-order.ts). Pages: the 40 hand-checked captures of
 * ../shared/replay/ and one in four of the other 84, and the corpus front pages (fr.de and
 * volksstimme.de left out: those outlets are kept for an independent check). Figures only;
 * one line per page that disagrees goes to the console. docs/positions.md reads them.
 */
import type { Browser } from "playwright-core";
import { readCorpusFile, readManifest, type FrontPageExpectation } from "../corpus/manifest";
import { readReplayFile, replayExpectations, replayFiles, type Expectation } from "../replay/files";
import { readLayout, type LayoutPage, type LayoutReading } from "../replay/layout-evidence";
import { launchBrowser } from "../support/browser";
import { figure, type BenchContext, type Figure } from "./types";

export const name = "layout";

/** Outlets whose captures are held back for an independent check: never read here. */
const HELD_BACK = /(?:^|\.)(?:fr|volksstimme)\.de$/;

function* pages(): Generator<{ set: string; page: LayoutPage }> {
  const expectations = replayExpectations();
  let others = 0;
  for (const f of replayFiles()) {
    const expected = expectations.get(f.file);
    // Rendering takes seconds a page: the hand-checked captures and one in four of the others.
    if (!expected && ++others % 4 !== 1) continue;
    const page = { name: f.file, url: f.url, bytes: readReplayFile(f), contentType: f.contentType ?? "text/html" };
    yield { set: "replay", page: expected ? { ...page, expected } : page };
  }
  for (const f of readManifest().files) {
    if (f.kind !== "frontpages" || !f.url || HELD_BACK.test(f.outlet ?? "")) continue;
    const first10 = (f.expect as FrontPageExpectation).first10;
    const expected: Expectation = { file: f.name, teasers: first10.map((t) => ({ url: t.url, title: t.headline })) };
    const page = { name: f.name, url: f.url, bytes: readCorpusFile(f), contentType: f.contentType ?? "text/html" };
    yield { set: "corpus", page: { ...page, expected } };
  }
}

function summarise(set: string, readings: LayoutReading[]): Figure[] {
  const n = readings.length;
  const share = (pred: (r: LayoutReading) => boolean) => readings.filter(pred).length / Math.max(1, n);
  const mean = (f: (r: LayoutReading) => number) => readings.reduce((s, r) => s + f(r), 0) / Math.max(1, n);
  const checked = readings.filter((r) => r.documentScore && r.ruleScore);
  const c = Math.max(1, checked.length);
  const sum = (f: (r: LayoutReading) => number) => checked.reduce((s, r) => s + f(r), 0);
  return [
    figure(`${set}: pages laid out`, n, "pages"),
    figure(
      `${set}: positions with a box ÷ positions (mean per page)`,
      mean((r) => r.boxed / Math.max(1, r.positions)),
      "ratio",
    ),
    figure(
      `${set}: positions above the fold per page (mean)`,
      mean((r) => r.aboveFold),
      "positions",
    ),
    figure(
      `${set}: how far down the top 10 reach (mean, px)`,
      mean((r) => r.top10Depth),
      "px",
    ),
    figure(
      `${set}: box order's first position ≠ document order's`,
      share((r) => r.boxLeadDiffers),
      "share of pages",
    ),
    figure(
      `${set}: box order's top 10 ≠ document order's (as a sequence)`,
      share((r) => r.boxTop10Differs),
      "share of pages",
    ),
    figure(
      `${set}: mean share of document top 10 in box order's top 10`,
      mean((r) => r.boxTop10Overlap),
      "ratio",
    ),
    figure(
      `${set}: box rule changes the lead`,
      share((r) => r.ruleLeadDiffers),
      "share of pages",
    ),
    figure(
      `${set}: box rule changes the top 10`,
      share((r) => r.ruleTop10Differs),
      "share of pages",
    ),
    figure(
      `${set}: hand-checked pages (${checked.length}): lead correct, document order`,
      sum((r) => +r.documentScore!.leadCorrect) / c,
      "ratio",
    ),
    figure(`${set}: hand-checked pages: lead correct, box rule`, sum((r) => +r.ruleScore!.leadCorrect) / c, "ratio"),
    figure(`${set}: hand-checked pages: mean top-10 overlap, document order`, sum((r) => r.documentScore!.overlap) / c, "ratio"),
    figure(`${set}: hand-checked pages: mean top-10 overlap, box rule`, sum((r) => r.ruleScore!.overlap) / c, "ratio"),
  ];
}

export async function run(ctx: BenchContext): Promise<Figure[]> {
  const browser: Browser = await launchBrowser();
  const bySet = new Map<string, LayoutReading[]>();
  try {
    for (const { set, page } of pages()) {
      const r = await readLayout(browser, page);
      bySet.set(set, [...(bySet.get(set) ?? []), r]);
      const flags = [
        r.boxLeadDiffers && "box lead",
        r.boxTop10Differs && "box top 10",
        r.ruleLeadDiffers && "rule lead",
        r.ruleTop10Differs && "rule top 10",
      ];
      const said = flags.filter(Boolean).join(", ");
      ctx.progress(
        `${page.name}: ${r.positions} positions, ${r.boxed} boxed, ${r.aboveFold} above the fold, top 10 down to ${r.top10Depth} px` +
          (said ? ` · differs: ${said}` : "") +
          (r.documentScore
            ? ` · lead ${+r.documentScore.leadCorrect}→${+r.ruleScore!.leadCorrect}, overlap ${r.documentScore.overlap}→${r.ruleScore!.overlap}`
            : ""),
      );
    }
  } finally {
    await browser.close();
  }
  return [...bySet].flatMap(([set, readings]) => summarise(set, readings));
}
