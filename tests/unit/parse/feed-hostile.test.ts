import { performance } from "node:perf_hooks";
import { describe, expect, it, vi } from "vitest";
import { parseFeed } from "@/crawler/parse/feed/feed";
import { feedFixture } from "./fixtures/feeds";

// CPU-heavy: a generous limit per test, so a busy machine cannot fail it (speed is measured by `npm run bench`).
vi.setConfig({ testTimeout: 60_000 });

const FEED_URL = "https://www.diariohostil.test/rss";
const MIB = 1024 * 1024;
/** Generous for a shared CI runner; locally these take a few tens of milliseconds. */
/** A termination bound for hostile documents (no hang, SEC-4), far above the measured times. */
const BUDGET_MS = 5000;

const repeatTo = (unit: string, bytes: number) => unit.repeat(Math.ceil(bytes / unit.length));
const item = (i: number) =>
  `<item><title>Titular número ${i} sobre la actualidad</title><link>https://www.diariohostil.test/n/${i}.html</link>` +
  `<pubDate>Mon, 10 Mar 2025 09:00:00 +0100</pubDate><dc:creator>Ana Pérez</dc:creator><category>España</category>` +
  `<description>${"Entradilla larga que no debe guardarse. ".repeat(20)}</description></item>\n`;
const bigFeed = (bytes: number) => {
  const parts = ['<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel>'];
  let size = 0;
  for (let i = 0; size < bytes; i++) size += (parts[parts.push(item(i)) - 1] ?? "").length;
  return `${parts.join("")}</channel></rss>`;
};

function timed<T>(run: () => T): { result: T; ms: number } {
  const start = performance.now();
  const result = run();
  return { result, ms: performance.now() - start };
}

describe("parseFeed on hostile input (SEC-4)", () => {
  it("SEC-4: billion-laughs entities are never expanded", () => {
    const { result, ms } = timed(() => parseFeed(feedFixture("billion-laughs.xml"), FEED_URL));
    expect(ms).toBeLessThan(BUDGET_MS);
    expect(result.map((i) => i.title)).toEqual(["Portada &lol9; del día", "Titular normal tras la bomba"]);
    expect(JSON.stringify(result)).not.toContain("lollol");
  });

  it("SEC-4: external entities stay literal: nothing is read from disk or network", () => {
    const [first] = parseFeed(feedFixture("external-entity.xml"), FEED_URL);
    expect(first?.title).toBe("Fuga &xxe; y &remote;");
    expect(JSON.stringify(first)).not.toMatch(/root:|meta-data/);
  });

  it.each<[string, () => string]>([
    ["10 MiB of items", () => bigFeed(10 * MIB)],
    ["10 MiB of nesting", () => `<rss><channel>${repeatTo("<a>", 10 * MIB)}`],
    ["10 MiB nested inside one item", () => `<rss><channel><item><title>x</title>${repeatTo("<b>", 10 * MIB)}</item>`],
    [
      "a 10 MiB title",
      () => `<rss><channel><item><title>${repeatTo("&amp;aacute; ", 10 * MIB)}</title><link>/a</link></item></channel></rss>`,
    ],
    ["10 MiB of bare '<'", () => `<rss><channel><item><title>${repeatTo("< ", 10 * MIB)}</title></item>`],
    ["10 MiB of unmatched end tags", () => `<rss><channel><item>${repeatTo("</x>", 10 * MIB)}</item></channel></rss>`],
    ["10 MiB of entity references", () => `<rss><channel><item><title>${repeatTo("&#x41;&lt;&nbsp;&zz;", 10 * MIB)}</title></item>`],
    ["an unclosed attribute quote before 10 MiB", () => `<rss><channel><item><link href="${repeatTo('<item a="b ', 10 * MIB)}`],
    ["an unclosed comment before 10 MiB of items", () => `<rss><!-- ${bigFeed(10 * MIB)}`],
    ["an unclosed DOCTYPE subset before 10 MiB", () => `<!DOCTYPE rss [ <!ENTITY a "${repeatTo("]", 10 * MIB)}`],
    [
      "10 MiB of elements with attributes",
      () => `<rss><channel><item>${repeatTo("<x a=\"1\" b='2' c=3 d/>", 10 * MIB)}</item></channel></rss>`,
    ],
  ])("SEC-4: %s parses within a bounded time without throwing", (_name, build) => {
    const body = build();
    const { result, ms } = timed(() => parseFeed(body, FEED_URL));
    expect(Array.isArray(result)).toBe(true);
    expect(ms).toBeLessThan(BUDGET_MS);
  });

  it.each<[string, Uint8Array | string]>([
    ["an empty body", new Uint8Array(0)],
    ["an empty string", ""],
    ["plain text", "Servicio no disponible"],
    ["an HTML login wall", "<!doctype html><html><head><title>Suscríbete</title></head><body><a href='/login'>Entrar</a></body></html>"],
    ["JSON", '{"items":[{"title":"x","link":"https://a.test/"}]}'],
    ["PNG bytes", Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])],
    ["NUL bytes", new Uint8Array(4096)],
    ["gzip bytes", Uint8Array.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3])],
    ["only a root", '<rss version="2.0"/>'],
    ["an item with a bad URL", "<rss><channel><item><title>x</title><link>http://[::1</link></item></channel></rss>"],
  ])("SEC-4: %s gives no items and no exception", (_name, body) => {
    expect(parseFeed(body, FEED_URL, "application/rss+xml")).toEqual([]);
  });

  it("SEC-4: a bad feed URL leaves absolute links usable and drops relative ones", () => {
    const xml =
      "<rss><channel><item><title>A</title><link>https://a.test/1</link></item><item><title>B</title><link>/2</link></item></channel></rss>";
    expect(parseFeed(xml, "not a url").map((i) => i.url)).toEqual(["https://a.test/1"]);
  });

  it("EXT-1: a 5 MB feed is read whole (its speed is measured by `npm run bench`)", () => {
    const body = new TextEncoder().encode(bigFeed(5_000_000));
    const { result } = timed(() => parseFeed(body, FEED_URL));
    expect(result.length).toBeGreaterThan(4000);
    expect(result[0]).toEqual({
      url: "https://www.diariohostil.test/n/0.html",
      title: "Titular número 0 sobre la actualidad",
      publishedAt: new Date("2025-03-10T08:00:00Z"),
      section: "España",
      authors: ["Ana Pérez"],
    });
  });
});
