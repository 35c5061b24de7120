import { describe, expect, it } from "vitest";
import { wordDiff } from "../../../lib/word-diff";

describe("word diff of headline changes", () => {
  it("WEB-1: a replaced word shows as removed then added, the rest kept", () => {
    expect(wordDiff("El Gobierno aprueba la ley", "El Gobierno retira la ley")).toEqual([
      { kind: "same", text: "El Gobierno" },
      { kind: "removed", text: "aprueba" },
      { kind: "added", text: "retira" },
      { kind: "same", text: "la ley" },
    ]);
  });

  it.each([
    ["", "Nuevo titular", [{ kind: "added", text: "Nuevo titular" }]],
    ["Viejo titular", "", [{ kind: "removed", text: "Viejo titular" }]],
    ["Igual  que   antes", "Igual que antes", [{ kind: "same", text: "Igual que antes" }]],
    [
      "a b",
      "a b c",
      [
        { kind: "same", text: "a b" },
        { kind: "added", text: "c" },
      ],
    ],
  ] as const)("%j → %j", (before, after, parts) => {
    expect(wordDiff(before, after)).toEqual(parts);
  });

  it("rebuilds both headlines from its parts", () => {
    const before = "Última hora: el incendio de Valencia obliga a desalojar a 300 vecinos";
    const after = "El incendio de Valencia obliga a desalojar a 500 vecinos y corta la A-7";
    const parts = wordDiff(before, after);
    expect(
      parts
        .filter((p) => p.kind !== "added")
        .map((p) => p.text)
        .join(" "),
    ).toBe(before);
    expect(
      parts
        .filter((p) => p.kind !== "removed")
        .map((p) => p.text)
        .join(" "),
    ).toBe(after);
  });

  it("falls back to whole removal and addition for very long texts", () => {
    const long = Array.from({ length: 500 }, (_, i) => `w${i}`).join(" ");
    expect(wordDiff(long, "x").map((p) => p.kind)).toEqual(["removed", "added"]);
  });
});
