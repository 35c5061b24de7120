/**
 * The headline analysis on public labelled data (SPEC DER-12): the sets of
 * tests/labelled/manifest.json, materialised by scripts/labelled-materialise.ts (the bench
 * stops with that command when they are missing). For TA1C (clickbait teasers):
 *  - precision, recall and F1 of "matches a recognised clickbait formula" (lib/analysis/clickbait.ts)
 *    against the annotators' majority label, on the validation and test splits together (all
 *    media, and Spain's), and on the training split the formulas were written from;
 *  - how many held-out teasers each formula flags and the share of them that are clickbait;
 *  - the language identifier (lib/analysis/language.ts) on these Spanish teasers: the share
 *    it calls Spanish.
 * No article text is involved: teasers are tweets and headlines, read from the local files.
 */
import { CLICKBAIT_PATTERNS, clickbaitPatterns } from "../../lib/analysis/clickbait";
import { CLICKBAIT_MEASURED, type FormulaScores } from "../../lib/analysis/clickbait-measured";
import { loadLanguageDetector } from "../../lib/analysis/language";
import { readLabelledManifest, readLabelledRecords } from "../labelled/manifest";
import { figure, type Figure } from "./types";

export const name = "labelled: the headline analysis on public labelled sets";

/** Pairwise-free scores of a binary verdict. */
function scores(rows: readonly { predicted: boolean; actual: boolean }[]) {
  const tp = rows.filter((r) => r.predicted && r.actual).length;
  const flagged = rows.filter((r) => r.predicted).length;
  const positives = rows.filter((r) => r.actual).length;
  const precision = flagged === 0 ? 1 : tp / flagged;
  const recall = positives === 0 ? 1 : tp / positives;
  return { precision, recall, f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall), flagged, positives };
}

export async function run(): Promise<Figure[]> {
  const figures: Figure[] = [];
  const set = readLabelledManifest().sets.find((s) => s.name === "TA1C")!;
  const read = (only?: (name: string) => boolean) =>
    readLabelledRecords(set, only)
      .map((r) => ({ text: r["Teaser Text"]!.trim(), spain: r["Media Origin"] === "España", clickbait: r["Tag Value"] === "Clickbait" }))
      .map((t) => ({ ...t, patterns: clickbaitPatterns(t.text) }));
  const teasers = read();
  // The formulas were written by reading the training split; the other two splits measure them.
  const train = read((name) => name.includes("_train_"));
  const held = read((name) => !name.includes("_train_"));
  figures.push(
    figure(
      `TA1C (${set.licence.split(" ")[0]}, ${set.committed}): teasers (clickbait by majority vote)`,
      teasers.length,
      `teasers (${teasers.filter((t) => t.clickbait).length} clickbait)`,
    ),
  );
  const splits = [
    ["validation+test, all media", held, CLICKBAIT_MEASURED.heldOut],
    ["validation+test, Spain's media", held.filter((t) => t.spain), CLICKBAIT_MEASURED.spain],
    ["train, all media", train, CLICKBAIT_MEASURED.train],
  ] as const;
  // The pages print lib/analysis/clickbait-measured.ts beside every share of recognised formulas: a change to the list must update it.
  const published = (value: number) => (v: number) => ({ bound: `= ${value} (published)`, ok: Math.abs(v - value) < 0.0005 });
  for (const [label, subset, shown] of splits as readonly (readonly [string, typeof held, FormulaScores])[]) {
    const s = scores(subset.map((t) => ({ predicted: t.patterns.length > 0, actual: t.clickbait })));
    figures.push(
      figure(`TA1C ${label} (${subset.length}): recognised formulas, precision`, s.precision, "ratio", published(shown.precision)),
    );
    figures.push(figure(`TA1C ${label} (${subset.length}): recognised formulas, recall`, s.recall, "ratio", published(shown.recall)));
    figures.push(figure(`TA1C ${label} (${subset.length}): recognised formulas, F1`, s.f1, "ratio"));
    console.log(
      `labelled TA1C ${label}: clickbait formulas P ${s.precision.toFixed(3)} R ${s.recall.toFixed(3)} F1 ${s.f1.toFixed(3)} (flagged ${s.flagged} of ${subset.length}; ${s.positives} clickbait)`,
    );
  }
  for (const p of CLICKBAIT_PATTERNS) {
    const hits = held.filter((t) => t.patterns.includes(p.id));
    if (hits.length > 0)
      figures.push(
        figure(
          `TA1C validation+test: formula ${p.id}, share clickbait of ${hits.length} flagged`,
          hits.filter((t) => t.clickbait).length / hits.length,
          "ratio",
        ),
      );
  }
  const detect = await loadLanguageDetector();
  const spanish = teasers.filter((t) => detect(t.text) === "es").length;
  figures.push(figure("TA1C: language identifier calls the teaser Spanish", spanish / teasers.length, "ratio"));
  console.log(`labelled TA1C language es ${(spanish / teasers.length).toFixed(3)}`);
  return figures;
}
