/**
 * JSON Feed (SPEC EXT-1): feed discovery proposes `application/feed+json` links, so the feed
 * parser reads JSON Feed 1.1 (and 1.0) as it reads RSS and Atom, and feed requests ask for it
 * (ID-2). Bodies (`content_html`, `content_text`) are never read (STO-3).
 */
import { describe, expect, it } from "vitest";
import { acceptFor } from "../../../crawler/fetch/request-headers";
import { parseFeed } from "../../../crawler/parse/feed/feed";

const FEED_URL = "https://www.uno.test/feed.json";
const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

const v11 = {
  version: "https://jsonfeed.org/version/1.1",
  title: "Diario Uno",
  home_page_url: "https://www.uno.test/",
  feed_url: FEED_URL,
  items: [
    {
      id: "urn:uno:1",
      url: "https://www.uno.test/espana/2025-07-10/el-gobierno-aprueba.html?utm_source=feed",
      title: "El Gobierno aprueba la reforma &laquo;exprés&raquo;",
      summary: "La entradilla de la noticia.",
      content_html: "<p>CUERPO-SECRETO del artículo</p>",
      content_text: "CUERPO-SECRETO",
      date_published: "2025-07-10T10:00:00+02:00",
      date_modified: "2025-07-10T12:00:00+02:00",
      tags: ["Política", "Gobierno"],
      authors: [{ name: "Ana Pérez y Luis Gómez" }, { url: "https://www.uno.test/autor/x" }],
    },
    { id: "https://www.uno.test/economia/el-ibex.html", title: "El Ibex cierra en máximos", date_modified: "2025-07-10T09:00:00" },
    { id: "sin-url", title: "Sin enlace" },
    { url: "/deportes/el-derbi.html", content_text: "Sin título: un microblog" },
    { url: "/deportes/final.html", title: "La final, en directo", author: { name: "Redacción" } },
    { url: "https://www.uno.test/espana/2025-07-10/el-gobierno-aprueba.html", title: "Repetida" },
  ],
};

describe("JSON Feed", () => {
  it("EXT-1: a JSON Feed 1.1 gives its items as RSS would: URL, title, date, section, bylines", () => {
    const items = parseFeed(encode(v11), FEED_URL, "application/feed+json", { timeZone: "Europe/Madrid" });
    expect(items).toEqual([
      {
        url: "https://www.uno.test/espana/2025-07-10/el-gobierno-aprueba.html",
        title: "El Gobierno aprueba la reforma «exprés»",
        publishedAt: new Date("2025-07-10T08:00:00Z"),
        section: "Política",
        authors: ["Ana Pérez", "Luis Gómez"],
      },
      // An id that is a URL is the permalink; a date without a zone is the outlet's.
      {
        url: "https://www.uno.test/economia/el-ibex.html",
        title: "El Ibex cierra en máximos",
        publishedAt: new Date("2025-07-10T07:00:00Z"),
        authors: [],
      },
      { url: "https://www.uno.test/deportes/final.html", title: "La final, en directo", authors: ["Redacción"] },
    ]);
  });

  it("STO-3: the summary is a lede only when asked for, and no body is ever read", () => {
    const items = parseFeed(encode(v11), FEED_URL, "application/feed+json", { ledes: true });
    expect(items[0]?.lede).toBe("La entradilla de la noticia.");
    expect(JSON.stringify(items)).not.toContain("CUERPO-SECRETO");
  });

  it("EXT-1: JSON Feed 1.0 served as application/json, with a BOM, is read too", () => {
    const v10 = {
      version: "https://jsonfeed.org/version/1",
      title: "Uno",
      items: [{ id: "1", url: "https://www.uno.test/a.html", title: "Titular A" }],
    };
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...encode(v10)]);
    expect(parseFeed(bytes, FEED_URL, "application/json").map((i) => i.url)).toEqual(["https://www.uno.test/a.html"]);
  });

  it.each([
    ["JSON that is not a JSON Feed", JSON.stringify({ items: [{ url: "https://www.uno.test/a.html", title: "A" }] })],
    ["broken JSON", '{"version": "https://jsonfeed.org/version/1.1", "items": [{'],
    ["items that are not objects", JSON.stringify({ version: "https://jsonfeed.org/version/1.1", items: [1, "x", null] })],
  ])("SEC-4: %s gives no items and no exception", (_, text) => {
    expect(parseFeed(text, FEED_URL, "application/feed+json")).toEqual([]);
  });

  it("ID-2: feed requests accept JSON Feed", () => {
    expect(acceptFor("feed")).toContain("application/feed+json");
  });
});
