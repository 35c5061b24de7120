import { describe, expect, test } from "vitest";
import { headlineWords, highlightParts, queryLexemes } from "../../../lib/pages/search-highlight";

describe("search highlighting", () => {
  test("WEB-1: a headline's words are its runs of letters and digits, once each", () => {
    expect(headlineWords("Última hora: 3 muertos, 3 heridos en Ávila")).toEqual([
      "Última",
      "hora",
      "3",
      "muertos",
      "heridos",
      "en",
      "Ávila",
    ]);
  });

  test.each([
    ["'ultim' & 'hor'", ["ultim", "hor"]],
    ["'ultim' <-> 'hor'", ["ultim", "hor"]],
    ["'o''donnell'", ["o'donnell"]],
    ["T", []],
  ])("WEB-1: the lexemes of the query tree %s", (tree, lexemes) => {
    expect(queryLexemes(tree)).toEqual(lexemes);
  });

  test("WEB-1: matched words are marked and the text between them kept as printed", () => {
    const match = (w: string) => ["Última", "hora"].includes(w);
    expect(highlightParts("«Última hora»: hora punta", match)).toEqual([
      { text: "«", match: false },
      { text: "Última", match: true },
      { text: " ", match: false },
      { text: "hora", match: true },
      { text: "»: ", match: false },
      { text: "hora", match: true },
      { text: " punta", match: false },
    ]);
    expect(highlightParts("nada que ver", () => false)).toEqual([{ text: "nada que ver", match: false }]);
    expect(highlightParts("", () => true)).toEqual([]);
  });
});
