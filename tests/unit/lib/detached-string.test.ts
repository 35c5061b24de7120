/** The copy that lets a cache keep a key without its document (SPEC STO-3). */
import { describe, expect, it } from "vitest";
import { detachedString } from "@/lib/detached-string";

describe("detachedString", () => {
  it("returns the same text, lone surrogates, NUL and astral characters included", () => {
    for (const text of ["", "a", "Último titular de la portada", "\uD800x\uDFFF", "\u0000\u{1F4F0}", "x".repeat(10_000)]) {
      expect(detachedString(text)).toBe(text);
    }
  });
});
