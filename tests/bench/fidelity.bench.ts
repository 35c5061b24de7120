/**
 * `npm run bench -- fidelity`: the product's real parsers (crawler/parse) on the real-document
 * corpus (tests/corpus/: documents saved byte-exact in public repositories, expectations
 * checked by hand), per kind: the checks passed out of the total, each miss, and the goals
 * of the corpus — front pages: at least 90 % of pages meet all three front-page checks;
 * articles at least 97 % of fields; feeds and sitemaps at least 98 %.
 *
 * The corpus files are not in the repository: build them first with
 * `node --import tsx scripts/corpus-materialise.ts` (tests/corpus/README.md). Missing or
 * altered files stop the benchmark with that command in the message.
 */
import { scoreKind, type KindScore } from "../corpus/fidelity";
import { assertCorpus, readManifest, type CorpusKind } from "../corpus/manifest";
import { atLeast, figure, type BenchContext, type Figure } from "./types";

export const name = "fidelity";

const GOALS: Record<CorpusKind, number> = { frontpages: 0.9, articles: 0.97, feeds: 0.98, sitemaps: 0.98 };

function report(score: KindScore): string {
  const head =
    `${score.kind}: ${score.passed}/${score.total} checks on ${score.files} files` +
    (score.pagesPassing === undefined ? "" : `, ${score.pagesPassing}/${score.files} pages meeting all three checks`);
  return [head, ...score.misses.map((m) => `  ✗ ${m.file} · ${m.check}: expected ${m.expected} · got ${m.got}`)].join("\n");
}

export async function run(ctx: BenchContext): Promise<Figure[]> {
  const manifest = readManifest();
  assertCorpus(manifest);
  const figures: Figure[] = [];
  for (const kind of ["frontpages", "articles", "feeds", "sitemaps"] as const) {
    const score = scoreKind(manifest, kind);
    console.log(report(score));
    ctx.progress(`${kind}: ${score.passed}/${score.total}`);
    if (kind === "frontpages") {
      figures.push(
        figure(
          `front pages meeting all three checks ÷ pages (${score.files})`,
          score.pagesPassing! / Math.max(1, score.files),
          "ratio",
          atLeast(GOALS[kind]),
        ),
      );
      figures.push(figure("front-page checks passed ÷ checks", score.passed / Math.max(1, score.total), "ratio"));
    } else {
      figures.push(
        figure(
          `${kind}: checks passed ÷ checks (${score.total} on ${score.files} files)`,
          score.passed / Math.max(1, score.total),
          "ratio",
          atLeast(GOALS[kind]),
        ),
      );
    }
  }
  return figures;
}
