/** One article's headline-changes feed (SPEC WEB-6, WEB-9): one entry per version, newest first, each naming the one it replaced. */
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { articleChangeEntries } from "../../../lib/pages/article-feed";
import { atomXml } from "../../../lib/pages/atom";

const versions = [
  { headline: "El Gobierno aprueba la ley", firstSeenAt: Date.parse("2026-03-02T09:00:00Z") },
  { headline: "El Gobierno aprueba la ley de vivienda", firstSeenAt: Date.parse("2026-03-02T10:00:00Z") },
  { headline: "¿Aprobará el Gobierno la ley?", firstSeenAt: Date.parse("2026-03-02T08:00:00Z") },
];

describe("articleChangeEntries", () => {
  it("WEB-6: lists every version newest first, each saying what it replaced, with stable keys", () => {
    const entries = articleChangeEntries(7, versions);
    expect(entries.map((e) => e.title)).toEqual([
      "El Gobierno aprueba la ley de vivienda",
      "El Gobierno aprueba la ley",
      "¿Aprobará el Gobierno la ley?",
    ]);
    expect(entries[0]!.summary).toBe("Antes: «El Gobierno aprueba la ley»");
    expect(entries[2]!.summary).toBe("Primera versión que vimos.");
    expect(entries[0]!.key).toBe(`titular/7/${Date.parse("2026-03-02T10:00:00Z")}`);
  });

  it("WEB-6: makes a valid Atom feed whose entries have distinct ids", () => {
    const xml = atomXml(
      "https://hemeroscopio.test",
      {
        key: "noticias/7/cambios",
        title: "Cambios",
        path: "/noticias/7/cambios.atom",
        pagePath: "/noticias/7",
        entries: articleChangeEntries(7, versions),
      },
      Date.parse("2026-03-03T00:00:00Z"),
    );
    const feed = new XMLParser({ isArray: (name) => name === "entry" }).parse(xml).feed as { entry: { id: string }[] };
    expect(new Set(feed.entry.map((e) => e.id)).size).toBe(3);
  });
});
