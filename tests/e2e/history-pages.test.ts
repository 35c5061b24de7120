/**
 * History you can walk, on a real crawl of the simulated web (SPEC WEB-5, WEB-6): a front
 * page at a past minute, outlets side by side, a day's leads and the Atom feeds, read as a
 * reader reads them (no JavaScript). Expectations come from the crawl's database, so they
 * hold for a crawl of any length.
 */
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { XMLParser } from "fast-xml-parser";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { frontPageAt } from "../../db/figures/api/front-pages";
import { dayValue, minuteValue } from "../../lib/pages/peninsular-time";
import { mainText, openPage, siteUrl, useBrowser, useSiteDatabase } from "./fixtures";

const browser = useBrowser();
const database = useSiteDatabase();
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", isArray: (name) => name === "entry" });

async function withPage<T>(path: string, check: (page: Page, status: number) => Promise<T>, width = 1280): Promise<T> {
  const { page, response } = await openPage(browser(), path, { javaScriptEnabled: false, viewport: { width, height: 900 } });
  try {
    return await check(page, response.status());
  } finally {
    await page.context().close();
  }
}

/** Crawled outlets with successful captures, most captures first, and their middle capture. */
async function capturedOutlets(): Promise<{ id: number; slug: string; middle: number; first: number }[]> {
  const rows = await database().db.execute<{ id: number; slug: string; ats: string[] }>(sql`
    select o.id, o.slug, array_agg(fc.at order by fc.at)::text[] as ats from outlets o
    join frontpage_captures fc on fc.outlet_id = o.id and fc.outcome = 'ok'
    where o.slug = any(${`{${inject("crawl").outletSlugs.join(",")}}`}::text[])
    group by o.id, o.slug order by count(*) desc, o.slug`);
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    first: Date.parse(r.ats[0]!),
    middle: Date.parse(r.ats[Math.floor(r.ats.length / 2)]!),
  }));
}

const MINUTE = 60_000;

describe("an outlet's front page at a past minute", () => {
  it("WEB-5: lists the links of the last capture by that minute, in the order frontPageAt reads them, with their stay and best rank", async () => {
    const [outlet] = await capturedOutlets();
    expect(outlet).toBeDefined();
    const minute = Math.floor(outlet!.middle / MINUTE) * MINUTE + 2 * MINUTE;
    const expected = await frontPageAt(database().db, outlet!.id, minute + MINUTE - 1);
    expect(expected.length).toBeGreaterThan(0);
    await withPage(`/cabeceras/${outlet!.slug}/portada?en=${minuteValue(minute)}`, async (page, status) => {
      expect(status).toBe(200);
      expect(await page.getByTestId("time-zone").innerText()).toBe("Horas en hora peninsular");
      const rows = page.getByTestId("past-front-page").locator("tbody tr");
      const ranks = (await rows.locator("td:nth-child(1)").allInnerTexts()).map(Number);
      const hrefs = await rows.locator("td:nth-child(2) a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
      expect(hrefs).toEqual(expected.map((e) => `/noticias/${e.articleId}`));
      expect(ranks).toEqual(expected.map((e) => e.rank));
      const best = (await rows.locator("td:nth-child(4)").allInnerTexts()).map(Number);
      best.forEach((b, i) => expect(b).toBeLessThanOrEqual(ranks[i]!));
      expect(await page.locator('input[type="datetime-local"][name="en"]').getAttribute("value")).toBe(minuteValue(minute));
      // "Next capture" steps to the first successful capture after that minute, when there is one.
      const [after] = await database().db.execute<{ ms: string | null }>(sql`
        select (extract(epoch from min(at)) * 1000)::bigint::text as ms from frontpage_captures where outlet_id = ${outlet!.id} and outcome = 'ok' and at >= ${new Date(minute + MINUTE).toISOString()}::timestamptz`);
      const next = page.locator("nav a", { hasText: "Captura siguiente" });
      if (after?.ms) expect(await next.getAttribute("href")).toBe(`/cabeceras/${outlet!.slug}/portada?en=${minuteValue(Number(after.ms))}`);
      else expect(await next.count()).toBe(0);
    });
  });

  it("WEB-5: a minute before the first capture says so; a malformed minute is a 400 inside the site's frame", async () => {
    const [outlet] = await capturedOutlets();
    await withPage(`/cabeceras/${outlet!.slug}/portada?en=${minuteValue(outlet!.first - 60 * MINUTE)}`, async (page, status) => {
      expect(status).toBe(200);
      expect(await page.getByTestId("capture-state").getAttribute("data-state")).toBe("before-first");
      expect(await page.getByTestId("past-front-page").count()).toBe(0);
    });
    await withPage(`/cabeceras/${outlet!.slug}/portada?en=ayer`, async (page, status) => {
      expect(status).toBe(400);
      expect(await page.getByTestId("bad-query").innerText()).toContain("AAAA-MM-DDTHH:MM");
      expect(await page.locator("header nav").count()).toBeGreaterThan(0);
      expect(await page.locator('form input[name="en"]').count()).toBe(1);
    });
  });

  it("WEB-5, WEB-3: the outlet page links to it, and the API gives the same page as JSON", async () => {
    const [outlet] = await capturedOutlets();
    await withPage(`/cabeceras/${outlet!.slug}`, async (page) => {
      expect(await page.locator(`a[href="/cabeceras/${outlet!.slug}/portada"]`).count()).toBe(1);
    });
    const at = Math.floor(outlet!.middle / MINUTE) * MINUTE;
    const api = (await (await fetch(siteUrl(`/api/v1/front-pages/${outlet!.slug}?at=${new Date(at).toISOString()}`))).json()) as {
      data: { links: { rank: number; article_id: number }[]; state: string };
    };
    const expected = await frontPageAt(database().db, outlet!.id, at + MINUTE - 1);
    expect(api.data.links.map((l) => [l.rank, l.article_id])).toEqual(expected.map((e) => [e.rank, e.articleId]));
  });
});

describe("a capture to cite", () => {
  it("WEB-5: the minute's page links to its capture's permalink: the list then, a digest anyone can recompute, a citation line and one SVG page", async () => {
    const [outlet] = await capturedOutlets();
    const [capture] = await database().db.execute<{ id: string; at: string }>(sql`
      select id::text, at::text from frontpage_captures where outlet_id = ${outlet!.id} and outcome = 'ok' and at <= ${new Date(outlet!.middle).toISOString()}::timestamptz
      order by at desc limit 1`);
    const at = Date.parse(capture!.at);
    const expected = await frontPageAt(database().db, outlet!.id, at);
    const minute = Math.floor(at / MINUTE) * MINUTE;
    const permalink = await withPage(`/cabeceras/${outlet!.slug}/portada?en=${minuteValue(minute)}`, async (page) =>
      page.getByTestId("cite-capture").getAttribute("href"),
    );
    expect(permalink).toBe(`/cabeceras/${outlet!.slug}/capturas/${capture!.id}`);
    const shown = await withPage(
      permalink!,
      async (page, status) => {
        expect(status).toBe(200);
        const rows = page.getByTestId("captured-list").locator("tbody tr");
        return {
          ranks: (await rows.locator("td:nth-child(1)").allInnerTexts()).map(Number),
          hrefs: await rows.locator("td:nth-child(2) a").evaluateAll((as) => as.map((a) => a.getAttribute("href"))),
          headlines: await rows.locator("td:nth-child(2)").allInnerTexts(),
          urls: await rows.locator("td:nth-child(3)").allInnerTexts(),
          digest: await page.getByTestId("digest").innerText(),
          citation: await page.getByTestId("citation").innerText(),
          facts: await page.getByTestId("capture-facts").innerText(),
          // On a phone the addresses get the width of the headlines, not a sliver broken letter by letter, and no cell passes the edge.
          squeezedCells: await rows
            .locator("td.url")
            .evaluateAll(
              (tds) =>
                tds.filter((td) => td.getBoundingClientRect().width < innerWidth / 2 || td.getBoundingClientRect().right > innerWidth)
                  .length,
            ),
        };
      },
      390,
    );
    expect(shown.squeezedCells).toBe(0);
    expect(shown.hrefs).toEqual(expected.map((e) => `/noticias/${e.articleId}`));
    expect(shown.ranks).toEqual(expected.map((e) => e.rank));
    const lines = shown.ranks.map((rank, i) => `${rank}\t${shown.urls[i]}\t${shown.headlines[i]}\n`).join("");
    expect(shown.digest).toBe(`sha256:${createHash("sha256").update(lines).digest("hex")}`);
    expect(shown.citation).toContain(`captura n.º ${capture!.id}, ${shown.digest}.`);
    expect(shown.citation).toContain(`/cabeceras/${outlet!.slug}/capturas/${capture!.id}.`);
    expect(shown.facts).toContain(new Date(at).toISOString());
    const svg = await fetch(siteUrl(`${permalink!}/portada.svg`));
    expect(svg.status).toBe(200);
    expect(svg.headers.get("content-type")).toContain("image/svg+xml");
    const drawing = await svg.text();
    expect(drawing).toContain(shown.digest.slice(0, 40));
    expect(drawing).toContain(`Captura n.º ${capture!.id}`);
    expect(parser.parse(drawing).svg).toBeDefined(); // well-formed XML
    // Another outlet's capture id under this outlet, or an id that is no capture, is not found.
    const [other] = await database().db.execute<{ id: string }>(sql`
      select id::text from frontpage_captures where outlet_id <> ${outlet!.id} and outcome = 'ok' limit 1`);
    for (const path of [`/cabeceras/${outlet!.slug}/capturas/${other!.id}`, `/cabeceras/${outlet!.slug}/capturas/999999999`]) {
      expect((await fetch(siteUrl(path))).status, path).toBe(404);
    }
  });
});

describe("side by side and a day's leads", () => {
  it("WEB-5: two outlets at one minute in columns, stacked on a phone, each its own front page", async () => {
    const [a, b] = await capturedOutlets();
    expect(b).toBeDefined();
    const minute = Math.floor(Math.max(a!.middle, b!.middle) / MINUTE) * MINUTE;
    const path = `/portadas?en=${minuteValue(minute)}&cabeceras=${a!.slug},${b!.slug}`;
    for (const width of [1280, 390]) {
      await withPage(
        path,
        async (page, status) => {
          expect(status).toBe(200);
          const columns = page.getByTestId("side-by-side").locator("section[data-outlet]");
          expect(await columns.evaluateAll((cs) => cs.map((c) => c.getAttribute("data-outlet")))).toEqual([a!.slug, b!.slug]);
          for (const [i, outlet] of [a!, b!].entries()) {
            const expected = (await frontPageAt(database().db, outlet.id, minute + MINUTE - 1)).slice(0, 20);
            const hrefs = await columns
              .nth(i)
              .locator("ol > li > a")
              .evaluateAll((as) => as.map((x) => x.getAttribute("href")));
            expect(hrefs, outlet.slug).toEqual(expected.map((e) => `/noticias/${e.articleId}`));
          }
          const [first, second] = [await columns.nth(0).boundingBox(), await columns.nth(1).boundingBox()];
          if (width === 390) expect(second!.y).toBeGreaterThanOrEqual(first!.y + first!.height);
          else expect(second!.y).toBe(first!.y);
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
          ).toBeLessThanOrEqual(0);
        },
        width,
      );
    }
    await withPage(`/portadas?cabeceras=${a!.slug}`, async (_page, status) => expect(status).toBe(400));
  });

  it("WEB-5: a day's leads draw one strip per shown outlet and tell the same leads in a table", async () => {
    const [outlet] = await capturedOutlets();
    const day = dayValue(outlet!.middle);
    await withPage(`/portadas/dia?fecha=${day}`, async (page, status) => {
      expect(status).toBe(200);
      const strips = page.getByTestId("lead-strips").locator("li[data-outlet]");
      expect(await strips.evaluateAll((ls) => ls.map((l) => l.getAttribute("data-outlet")))).toContain(outlet!.slug);
      const hours = await strips.first().locator(".lead-strip > span").count();
      expect([23, 24, 25]).toContain(hours);
      const rows = page.getByTestId("leads-table").locator("tbody tr");
      expect(await rows.count()).toBeGreaterThan(0);
      expect(await mainText(page)).toContain("Leyenda");
    });
    await withPage("/portadas/dia?fecha=2026-02-30", async (_page, status) => expect(status).toBe(400));
  });
});

describe("Atom feeds", () => {
  async function feed(path: string): Promise<{ feed: { id: string; entry?: { id: string; title: { "#text": string } }[] } }> {
    const response = await fetch(siteUrl(path));
    expect(response.status, path).toBe(200);
    expect(response.headers.get("content-type"), path).toContain("application/atom+xml");
    return parser.parse(await response.text());
  }

  it("WEB-6: an outlet's rewrites, a story and a search are valid Atom with stable, unique ids, linked from their pages", async () => {
    const [outlet] = await capturedOutlets();
    const outletFeed = await feed(`/cabeceras/${outlet!.slug}/cambios.atom`);
    expect(outletFeed.feed.id).toMatch(/^tag:/);
    const again = await feed(`/cabeceras/${outlet!.slug}/cambios.atom`);
    expect(again.feed.id).toBe(outletFeed.feed.id);
    const [story] = await database().db.execute<{ id: number }>(
      sql`select story_id as id from articles where story_id is not null order by story_id limit 1`,
    );
    if (story) {
      const storyFeed = await feed(`/historias/${story.id}/cambios.atom`);
      // One pattern for every feed: the story's older address redirects there, permanently.
      for (const old of [`/historias/${story.id}.atom`, `/historias/${story.id}/atom`]) {
        const moved = await fetch(siteUrl(old), { redirect: "manual" });
        expect(moved.status, old).toBe(308);
        expect(new URL(moved.headers.get("location")!, siteUrl("/")).pathname, old).toBe(`/historias/${story.id}/cambios.atom`);
      }
      const ids = (storyFeed.feed.entry ?? []).map((e) => e.id);
      expect(ids.length).toBeGreaterThan(0);
      expect(new Set(ids).size).toBe(ids.length);
      await withPage(`/historias/${story.id}`, async (page) => {
        expect(
          await page.locator(`head link[rel="alternate"][type="application/atom+xml"][href="/historias/${story.id}/cambios.atom"]`).count(),
        ).toBe(1);
      });
    }
    const [word] = await database().db.execute<{ w: string }>(sql`
      select lower(w) as w from headline_versions, regexp_split_to_table(text, '\\s+') as w where length(w) >= 7 and w ~ '^[[:alpha:]]+$' limit 1`);
    const search = await feed(`/buscar.atom?q=${encodeURIComponent(word!.w)}`);
    expect((search.feed.entry ?? []).length).toBeGreaterThan(0);
    for (const path of [`/cabeceras/${outlet!.slug}`, `/buscar?q=${encodeURIComponent(word!.w)}`]) {
      await withPage(path, async (page) => {
        expect(await page.locator('head link[rel="alternate"][type="application/atom+xml"]').count(), path).toBe(1);
      });
    }
    expect((await fetch(siteUrl("/buscar.atom"))).status).toBe(400);
  });
});

describe("periods and chart permalinks on the outlet page", () => {
  it("WEB-5: presets are plain links carrying desde/hasta; a period is in the URL and in every caption; a bad one is a 400 with the form", async () => {
    const [outlet] = await capturedOutlets();
    const week = await withPage(`/cabeceras/${outlet!.slug}`, async (page, status) => {
      expect(status).toBe(200);
      return page.getByTestId("period-semana").getAttribute("href");
    });
    expect(week).toMatch(new RegExp(`^/cabeceras/${outlet!.slug}\\?desde=\\d{4}-\\d{2}-\\d{2}&hasta=\\d{4}-\\d{2}-\\d{2}$`));
    const day = dayValue(outlet!.middle);
    await withPage(`/cabeceras/${outlet!.slug}?desde=${day}&hasta=${day}`, async (page, status) => {
      expect(status).toBe(200);
      expect(await page.locator('input[name="desde"]').getAttribute("value")).toBe(day);
      const [y, m, d] = day.split("-").map(Number) as [number, number, number];
      const months = [
        "enero",
        "febrero",
        "marzo",
        "abril",
        "mayo",
        "junio",
        "julio",
        "agosto",
        "septiembre",
        "octubre",
        "noviembre",
        "diciembre",
      ];
      const words = `el ${d} de ${months[m - 1]} de ${y}`;
      const captions = await page.locator("figure.chart figcaption").allInnerTexts();
      expect(captions.length).toBeGreaterThan(0);
      for (const caption of captions) expect(caption).toContain(words);
      // Each chart links to its standalone SVG, for the same period.
      const links = await page.getByTestId("chart-permalink").evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
      expect(links.length).toBe(captions.length);
      for (const href of links) expect(href).toContain(`desde=${day}&hasta=${day}`);
    });
    await withPage(`/cabeceras/${outlet!.slug}?desde=2026-02-30&hasta=2026-03-01`, async (page, status) => {
      expect(status).toBe(400);
      expect(await page.getByTestId("bad-query").innerText()).toContain("«desde»");
      expect(await page.locator('form input[name="hasta"]').count()).toBe(1);
    });
  });

  it("WEB-6: a chart's permalink is an SVG document with its title, period and source line, the same frame on every request", async () => {
    const [outlet] = await capturedOutlets();
    const day = dayValue(outlet!.middle);
    const path = `/cabeceras/${outlet!.slug}/grafico.svg?tipo=posiciones&desde=${day}&hasta=${day}`;
    const first = await fetch(siteUrl(path));
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    const body = await first.text();
    const svg = (new XMLParser({ ignoreAttributes: false }).parse(body) as { svg: { title: string; "@_xmlns": string } }).svg;
    expect(svg["@_xmlns"]).toBe("http://www.w3.org/2000/svg");
    expect(svg.title).toMatch(/^Posición en la portada de .+, el \d+ de [a-z]+ de \d{4}\. Fuente: Hemeroscopio, CC BY 4\.0$/);
    // The same chart and period give the same title, period, legend and source (the front door
    // keys the document on them: tests/unit/front-door/policy.test.ts; this site renders every
    // request, HEMEROSCOPIO_PAGE_CACHE_S=0). The drawing itself is left out: when the crawl's day
    // is today, the period reaches the present and its spans grow between two requests.
    const frame = (doc: string) => doc.replace(/<svg x="0" y="[\d.]+"[\s\S]*?<\/svg>/, "<svg/>");
    expect(frame(body)).not.toBe(body);
    expect(frame(await (await fetch(siteUrl(path))).text())).toBe(frame(body));
    expect((await fetch(siteUrl(`/cabeceras/${outlet!.slug}/grafico.svg?tipo=otro`))).status).toBe(400);
  });
});
