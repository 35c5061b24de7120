// Browser-mode ranks follow the layout boxes where they clearly disagree with the markup (SPEC EXT-3, DER-7).
import { describe, expect, it } from "vitest";
import type { LayoutBox } from "@/crawler/fetch/browser-boxes";
import type { FrontPageLink } from "@/crawler/parse/frontpage/frontpage";
import {
  LEAD_FONT_RATIO,
  MIN_TITLES_ABOVE_FOLD,
  orderByBoxes as orderAll,
  SCREENS_APART,
  titleBoxes,
} from "@/crawler/parse/frontpage/visual-order";

const FOLD = 900;
const url = (n: string) => `https://diario.test/noticia-${n}.html`;
const links = (...names: string[]): FrontPageLink[] => names.map((n, i) => ({ url: url(n), headline: `Titular ${n}`, rank: i + 1 }));
const box = (n: string, y: number, fontSize?: number, x = 0): LayoutBox => ({
  url: url(n),
  x,
  y,
  width: 600,
  height: 40,
  aboveFold: y < FOLD && y + 40 > 0,
  ...(fontSize === undefined ? {} : { fontSize }),
});
// A styled page shows several titles in its first screen: a right column of small ones
// ("s1"…), last in the markup, makes each page one the boxes are read for; `order` hides it.
const SCREEN = Array.from({ length: MIN_TITLES_ABOVE_FOLD }, (_, i) => `s${i + 1}`);
const orderByBoxes = (page: FrontPageLink[], boxes: LayoutBox[], styled = true) =>
  styled
    ? orderAll(links(...order(page), ...SCREEN), [...boxes, ...SCREEN.map((n, i) => box(n, 100 + 90 * i, 14, 1000))])
    : orderAll(page, boxes);
const order = (ls: FrontPageLink[]) => ls.map((l) => l.url.replace(/^.*noticia-|\.html$/g, "")).filter((n) => !/^s\d/.test(n));

describe("orderByBoxes (EXT-3: a position is ranked where a reader sees it)", () => {
  it("EXT-3: a page laid out in document order keeps its ranks, columns and rows included", () => {
    // Two columns: the right one starts beside the lead; document order reads the left column first.
    const page = links("a", "b", "c", "d", "e");
    const boxes = [box("a", 200, 32), box("b", 700, 20), box("c", 1400, 20), box("d", 200, 18, 900), box("e", 500, 18, 900)];
    const out = orderByBoxes(page, boxes);
    expect(order(out)).toEqual(["a", "b", "c", "d", "e"]);
    expect(out.map((l) => l.rank)).toEqual(out.map((_, i) => i + 1));
  });

  it("EXT-3: a block high in the markup but laid out two screens lower goes down to where it is seen", () => {
    // "x" and "y" come second and third in the markup (a rail moved down by CSS order) but sit at 5,000 px.
    const page = links("a", "x", "y", "b", "c", "d", "e");
    const boxes = [200, 5000, 5100, 700, 1500, 2500, 3500].map((y, i) => box("axybcde"[i]!, y, i === 0 ? 32 : 20));
    const out = orderByBoxes(page, boxes);
    // x and y start two screens (1,800 px) or more below most of the teasers after them: they go
    // after the last teaser that starts above them.
    expect(order(out)).toEqual(["a", "b", "c", "d", "e", "x", "y"]);
    expect(out.map((l) => l.rank)).toEqual(out.map((_, i) => i + 1));
    expect(SCREENS_APART * FOLD).toBe(1800);
  });

  it("EXT-3: a lone box far above the flow (a fixed bar, a lifted promotion) does not pull itself up", () => {
    // The first screen's titles come first in the markup; the flow goes on two screens lower.
    const page = links(...SCREEN, "a", "b", "c", "d", "promo");
    const boxes = [
      ...SCREEN.map((n, i) => box(n, 100 + 90 * i, 14)),
      ...[2700, 2800, 2900, 3000, 300].map((y, i) => box("abcd"[i] ?? "promo", y, 16)),
    ];
    expect(order(orderAll(page, boxes))).toEqual(["a", "b", "c", "d", "promo"]);
  });

  it("EXT-3: a page laid out without its styles (few titles above the fold) keeps its document order", () => {
    const page = links("a", "b", "far", "c", "d", "e", "f");
    const boxes = [150, 400, 4200, 600, 800, 1000, 5000].map((y, i) => box(["a", "b", "far", "c", "d", "e", "f"][i]!, y, 20));
    expect(order(orderByBoxes(page, boxes, false))).toEqual(["a", "b", "far", "c", "d", "e", "f"]);
    expect(order(orderByBoxes(page, boxes))).toEqual(["a", "b", "c", "d", "e", "far", "f"]);
  });

  it("EXT-3: a teaser far below the fold is not rank 3", () => {
    const page = links("a", "b", "far", "c", "d", "e", "f");
    const boxes = [150, 400, 4200, 600, 800, 1000, 5000].map((y, i) =>
      box(["a", "b", "far", "c", "d", "e", "f"][i]!, y, i === 0 ? 32 : 20),
    );
    expect(order(orderByBoxes(page, boxes))).toEqual(["a", "b", "c", "d", "e", "far", "f"]);
  });

  it("DER-7, EXT-3: a lead placed after smaller teasers in the markup and shown first with a larger title is rank 1", () => {
    const page = links("b", "c", "lead", "d");
    const boxes = [box("b", 700, 20), box("c", 780, 20), box("lead", 250, 44), box("d", 1200, 20)];
    expect(order(orderByBoxes(page, boxes))).toEqual(["lead", "b", "c", "d"]);
  });

  it("DER-7: a title only a little larger than the first teaser's does not take the lead", () => {
    const page = links("a", "b");
    const slightly = 20 * LEAD_FONT_RATIO - 1;
    expect(order(orderByBoxes(page, [box("a", 300, 20), box("b", 200, slightly)]))).toEqual(["a", "b"]);
    // Below the fold, however large, it is not seen first.
    expect(order(orderByBoxes(page, [box("a", 300, 20), box("b", 1000, 60)]))).toEqual(["a", "b"]);
  });

  it("EXT-3: a photo link, a ticker line or a 'most read' line of the article does not move its position: the title's box does", () => {
    const boxes = [
      box("a", 100, 14),
      box("a", 3000, 24),
      box("b", 400, 22),
      box("c", 500, 22),
      box("d", 600, 22),
      { ...box("a", 2800), height: 300 },
    ];
    expect(titleBoxes(boxes).get(url("a"))?.y).toBe(3000);
    // "a" is a ticker line at the top and a teaser at 3,000 px: the teaser is where it is seen.
    expect(order(orderByBoxes(links("a", "b", "c", "d"), boxes))).toEqual(["b", "c", "d", "a"]);
  });

  it("EXT-3: without boxes for at least half the positions, the document order stands", () => {
    // Twenty positions, eight laid out: seven titles in the first screen and "a" far below them.
    const rest = Array.from({ length: 19 }, (_, i) => `n${i + 1}`);
    const boxes = [box("a", 5000, 20), ...rest.slice(0, 7).map((n, i) => box(n, 100 + 90 * i, 20))];
    expect(order(orderAll(links("a", ...rest), boxes))[0]).toBe("a");
    expect(order(orderAll(links("a", ...rest.slice(0, 7)), boxes))[0]).toBe("n1");
    expect(orderAll([], [])).toEqual([]);
  });

  it("EXT-3: a position without a box keeps its document place among the others", () => {
    const page = links("a", "hidden", "b", "c");
    const boxes = [box("a", 100, 30), box("b", 300, 20), box("c", 500, 20)];
    expect(order(orderByBoxes(page, boxes))).toEqual(["a", "hidden", "b", "c"]);
  });
});
