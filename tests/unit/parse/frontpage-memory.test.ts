/**
 * SPEC STO-3 ("processed in memory and dropped in the same pass") and the worker's memory
 * bounds: the front page parser's link cache keeps copies of its keys, never the page they
 * were cut from. The soak run found 358 pages (25 MB) held by hrefs in that cache, a number
 * that grows as pages change a few links per capture.
 */
import { describe, expect, it, vi } from "vitest";
import { extractFrontPage } from "@/crawler/parse/frontpage/frontpage";
import { heapInUseAfterGcMiB } from "../../support/heap";

// CPU-heavy: a generous limit per test, so a busy machine cannot fail it (speed is measured by `npm run bench`).
vi.setConfig({ testTimeout: 60_000 });

const MIB = 1024 * 1024;

/** A front page of `links` article links and about 4 MiB of other text, unique to `n`. */
function bigFrontPage(n: number, links = 20): string {
  const anchors = Array.from(
    { length: links },
    (_, i) => `<h2><a href="/espana/2025-03-10/noticia-${n}-${i}.html">Titular ${i} de la portada ${n}</a></h2>`,
  );
  return `<html><body>${anchors.join("")}<p>${`relleno ${n} `.repeat(400_000).slice(0, 4 * MIB)}</p></body></html>`;
}

describe("front page parser memory (SPEC STO-3)", () => {
  it("STO-3: after parsing, no page stays reachable through the parser's caches", () => {
    extractFrontPage(bigFrontPage(0), `https://www.example.es/`); // warm the module
    const before = heapInUseAfterGcMiB();
    for (let n = 1; n <= 10; n++) {
      const found = extractFrontPage(bigFrontPage(n), `https://www.sitio${n}.es/`);
      expect(found.links).toHaveLength(20);
    }
    // Ten pages of 4 MiB (8 MiB as UTF-16) went through; the 200 cached verdicts are a few KB.
    expect(heapInUseAfterGcMiB() - before).toBeLessThan(4);
  });
});
