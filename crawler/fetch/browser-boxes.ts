/**
 * Layout boxes of a rendered front page (SPEC EXT-3): for every visible `a[href]`, where
 * it sits at 1280×900 and how large its text is, so the caller can tell the lead story
 * (DER-7: the largest headline box above the fold). Only URLs and numbers leave the page
 * (STO-3). The caller joins boxes to `extractFrontPage` links by canonical URL
 * (crawler/parse/frontpage/boxes.ts).
 */

/** The browser's window (SPEC EXT-3). */
export const VIEWPORT = { width: 1280, height: 900 } as const;

/** One link's box in page coordinates (CSS pixels; scroll offsets added). */
export interface LayoutBox {
  /** The absolute href as the DOM resolves it (`a.href`), http(s) only. */
  url: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** The box meets the first 900 px of the page (`top < 900 && bottom > 0`, at scroll 0). */
  aboveFold: boolean;
  /** Largest computed font size (px) of the link's visible text; absent for text-less links. */
  fontSize?: number;
}

/** At most this many boxes per page: a hostile page cannot make the answer unbounded. */
export const MAX_BOXES = 5000;
const MAX_URL_LENGTH = 2048;

// The in-page part is source text, not a TypeScript function: a transpiler (tsx, vitest)
// may inject helpers such as `__name` into functions, which do not exist in the page.
/** The expression `page.evaluate` runs: raw boxes of every visible `a[href]`. */
export const LAYOUT_SCRIPT = `(() => {
  const fold = ${VIEWPORT.height};
  const visible = (el) => !el.checkVisibility || el.checkVisibility({ visibilityProperty: true });
  const sx = window.scrollX, sy = window.scrollY;
  const boxes = [];
  for (const a of document.querySelectorAll("a[href]")) {
    if (boxes.length >= ${MAX_BOXES}) break;
    const url = a.href;
    if (typeof url !== "string" || !/^https?:/i.test(url) || url.length > ${MAX_URL_LENGTH}) continue;
    const r = a.getBoundingClientRect();
    let { left, top, right, bottom } = r;
    if (r.width === 0 || r.height === 0) {
      // display: contents, or an empty inline wrapper around boxes: the union of its children.
      left = top = Infinity; right = bottom = -Infinity;
      for (const child of a.querySelectorAll("*")) {
        const c = child.getBoundingClientRect();
        if (c.width === 0 || c.height === 0 || !visible(child)) continue;
        left = Math.min(left, c.left); top = Math.min(top, c.top);
        right = Math.max(right, c.right); bottom = Math.max(bottom, c.bottom);
      }
      if (left === Infinity) continue;
    } else if (!visible(a)) continue;
    let fontSize = 0;
    const walker = document.createTreeWalker(a, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || !n.data.trim() || !visible(el)) continue;
      fontSize = Math.max(fontSize, parseFloat(getComputedStyle(el).fontSize) || 0);
    }
    const y = top + sy;
    boxes.push({ url, x: left + sx, y, width: right - left, height: bottom - top,
      aboveFold: y < fold && y + (bottom - top) > 0, fontSize });
  }
  return boxes;
})()`;

/** Check and round what the page returned; a page's scripts can tamper with DOM APIs. */
export function toLayoutBoxes(raw: unknown): LayoutBox[] {
  if (!Array.isArray(raw)) return [];
  const boxes: LayoutBox[] = [];
  for (const item of raw.slice(0, MAX_BOXES)) {
    const b = item as Partial<Record<keyof LayoutBox, unknown>>;
    const { url, x, y, width, height, fontSize } = b;
    if (typeof url !== "string" || url.length > MAX_URL_LENGTH || !/^https?:\/\//i.test(url)) continue;
    if (![x, y, width, height].every(isFiniteNumber)) continue;
    const box: LayoutBox = {
      url,
      x: Math.round(x as number),
      y: Math.round(y as number),
      width: Math.round(width as number),
      height: Math.round(height as number),
      aboveFold: b.aboveFold === true,
    };
    if (isFiniteNumber(fontSize) && fontSize > 0) box.fontSize = Math.round(fontSize * 100) / 100;
    boxes.push(box);
  }
  return boxes;
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}
