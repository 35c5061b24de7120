import { describe, expect, test } from "vitest";
import { headlineChangeSummary } from "../../../lib/pages/headline-change-words";
import { seenInLabel } from "../../../lib/pages/seen-in";
import { signalKindLabel, signalValueLabel, signalWhereLabel } from "../../../lib/pages/signal-words";

/** The codes the crawler records (crawler/jobs/read-article.ts, crawler/politeness/tdmrep.ts). */
const recorded: [string, string, string][] = [
  ["tdm-reservation", "tdmrep.json", "1"],
  ["tdm-reservation", "header", "0"],
  ["tdm-reservation", "meta", "1"],
  ["tdm-policy", "tdmrep.json", "https://www.diario.test/tdm-policy.json"],
  ["robots-directive", "page", "noai"],
  ["content-usage", "header", "train-ai=n"],
  ["paywall", "page", "isAccessibleForFree=false"],
  ["tdm-reservation", "unknown", "1"],
];

describe("signals in reader words", () => {
  test.each(recorded)("WEB-7, SIG-4: %s read from %s (%s) is shown without internal codes", (kind, scope, value) => {
    const where = signalWhereLabel(scope);
    const said = signalValueLabel(kind, value);
    const shown = `${signalKindLabel(kind)} ${where} ${said.text}`;
    for (const code of ["page", "header", "meta", "unknown", "isAccessibleForFree", "=false", kind]) {
      expect(shown).not.toContain(code);
    }
    expect(where).toMatch(/^[a-záéíóúñ/. -]+[a-z]$/i);
  });

  test("SIG-1, SIG-3: a reservation, a paywall and a known directive are explained; the outlet's own words are quoted", () => {
    expect(signalValueLabel("tdm-reservation", "1").text).toMatch(/reserva los derechos/);
    expect(signalValueLabel("paywall", "isAccessibleForFree=false")).toEqual({ text: expect.stringMatching(/de pago/) });
    expect(signalValueLabel("robots-directive", "noai")).toEqual({
      text: "Pide que no se use para inteligencia artificial",
      quoted: "noai",
    });
    expect(signalValueLabel("robots-directive", "hemeroscopiobot: noindex")).toEqual({
      text: "Pide que no se indexe la página",
      quoted: "hemeroscopiobot: noindex",
    });
    expect(signalValueLabel("content-usage", "train-ai=n")).toEqual({ text: "Dice", quoted: "train-ai=n" });
  });
});

describe("where we saw an article in reader words", () => {
  test.each([
    ["feed", "su feed"],
    ["sitemap", "su sitemap"],
    ["frontpage", "su portada"],
    ["article", "la propia página de la noticia"],
    ["x", "otra fuente"],
  ])("WEB-7: %s reads «%s»", (where, words) => expect(seenInLabel(where)).toBe(words));
});

describe("the headline changes of a period in one sentence", () => {
  test.each([
    [
      { changes: 0, changedArticles: 0, articlesSeen: 0 },
      "no vimos ninguna noticia nueva de esta cabecera, así que no hay cambios de titular que contar",
    ],
    [{ changes: 0, changedArticles: 0, articlesSeen: 1 }, "el titular de la única noticia vista por primera vez en el periodo no cambió"],
    [
      { changes: 0, changedArticles: 0, articlesSeen: 40 },
      "ninguna de las 40 noticias vistas por primera vez en el periodo cambió de titular",
    ],
    [
      { changes: 1, changedArticles: 1, articlesSeen: 1 },
      "1 cambio de titular en 1 noticia, de la única vista por primera vez en el periodo",
    ],
    [
      { changes: 3, changedArticles: 2, articlesSeen: 1500 },
      "3 cambios de titular en 2 noticias, de las 1500 vistas por primera vez en el periodo",
    ],
  ])("WEB-1: %o reads «%s», never «0 cambios … en 0 noticias»", (counts, sentence) => {
    expect(headlineChangeSummary(counts)).toBe(sentence);
  });
});
