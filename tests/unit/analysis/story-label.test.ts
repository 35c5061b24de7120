import { describe, expect, it } from "vitest";
import { representativeHeadline, type LabelCandidate } from "../../../lib/analysis/story-label";
import { headlineTerms } from "../../../lib/analysis/story-terms";
import { coverageLine, storyTerms, storyTitle } from "../../../app/(public)/historias/story-title";

const T0 = Date.parse("2026-03-10T08:00:00Z");
const member = (headline: string, outlet: string, minutes: number, quotable = true): LabelCandidate => ({
  headline,
  outlet,
  at: T0 + minutes * 60_000,
  quotable,
});

describe("a story's representative headline", () => {
  const members = [
    member("Rocafort: «Habrá 120 millones para vivienda»", "Diario Uno", 0),
    member("La ministra Rocafort aprueba 120 millones para el plan de vivienda", "Diario Dos", 5),
    member("Hacienda aprueba 120 millones para el plan de vivienda", "Diario Tres", 9),
    member("¿Por qué ahora?", "Diario Cuatro", 12),
  ];

  it("DER-5: the headline sharing the most words with the others names the story", () => {
    expect(representativeHeadline(members)?.outlet).toBe("Diario Dos");
  });

  it("DER-5: when two share as much, the earliest wins", () => {
    const tie = [member("Rocafort aprueba el plan", "B", 10), member("Rocafort aprueba el plan", "A", 2)];
    expect(representativeHeadline(tie)?.outlet).toBe("A");
  });

  it("PUB-1: a headline of an outlet under «sin titulares literales» never names a story", () => {
    const withheld = members.map((m) => (m.outlet === "Diario Dos" ? { ...m, quotable: false } : m));
    expect(representativeHeadline(withheld)?.outlet).toBe("Diario Tres");
    expect(representativeHeadline(members.map((m) => ({ ...m, quotable: false })))).toBeUndefined();
  });

  it("DER-5: counting each word's holders chooses as comparing every pair of headlines does", () => {
    // The definition, pair by pair: a member's words found in each other member's headline, summed.
    const byPairs = (all: readonly LabelCandidate[]) => {
      const terms = all.map((m) => new Set(headlineTerms(m.headline).keys()));
      let best: { member: LabelCandidate; shared: number } | undefined;
      all.forEach((m, i) => {
        if (!m.quotable) return;
        let shared = 0;
        terms.forEach((other, j) => {
          if (j !== i) for (const t of terms[i]!) if (other.has(t)) shared++;
        });
        if (!best || shared > best.shared || (shared === best.shared && m.at < best.member.at)) best = { member: m, shared };
      });
      return best?.member;
    };
    const words = ["Rocafort", "vivienda", "plan", "aprueba", "Hacienda", "millones", "ministra", "rechaza", "ley", "costas", "ayuda"];
    let seed = 11;
    const next = (n: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31), seed % n);
    for (let round = 0; round < 200; round++) {
      const story = Array.from({ length: 1 + next(12) }, (_, i) =>
        member(Array.from({ length: 1 + next(6) }, () => words[next(words.length)]).join(" "), `Diario ${i}`, next(120), next(5) > 0),
      );
      expect(representativeHeadline(story)).toBe(byPairs(story));
    }
  });
});

describe("a story's title on the site", () => {
  it("DER-5: the representative headline, quoted, with its outlet and our key terms beside it", () => {
    const story = { id: 7, keyTerms: ["vivienda", "Rocafort"], label: { headline: "Rocafort aprueba el plan", outlet: "Diario Dos" } };
    expect(storyTitle(story)).toBe("«Rocafort aprueba el plan»");
    expect(storyTerms(story)).toBe("titular de Diario Dos · vivienda, Rocafort");
  });

  it("DER-5: without a quotable headline, the key terms; before any analysis, the number", () => {
    expect(storyTitle({ id: 7, keyTerms: ["vivienda", "Rocafort"] })).toBe("vivienda · Rocafort");
    expect(storyTerms({ id: 7, keyTerms: ["vivienda"] })).toBe("");
    expect(storyTitle({ id: 12, keyTerms: [] })).toBe("Historia n.º 12");
  });
});

describe("how many outlets a story page says carried it (DER-2)", () => {
  const of = (...slugs: string[]) => slugs.map((slug) => ({ outlet: { slug } }));
  it("counts outlets, not articles: an outlet's follow-ups add articles, not outlets", () => {
    expect(coverageLine(of("a"))).toBe("1 cabecera");
    expect(coverageLine(of("a", "b", "c"))).toBe("3 cabeceras");
    expect(coverageLine(of("a", "b", "a", "c", "a"))).toBe("3 cabeceras (5 noticias)");
    expect(coverageLine(of("a", "a"))).toBe("1 cabecera (2 noticias)");
  });
});
