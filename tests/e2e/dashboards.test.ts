/**
 * The home dashboard, search and status pages (SPEC WEB-1, WEB-2, BLK-7, DER-8) on what the
 * real crawler recorded from the simulated web, each figure checked against the database;
 * and the exclusion scopes applied on each of them (PUB-6).
 */
import { sql, type SQL } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { WITHHELD_HEADLINE, type Scope } from "../../lib/policy";
import { mainText, siteUrl, useBrowser, useSiteDatabase, withPage } from "./fixtures";

const browser = useBrowser();
const database = useSiteDatabase();

/** Each crawled outlet's rank-1 article and its latest headline at its latest capture, straight from the tables. */
async function leadsInDatabase(): Promise<Map<string, string>> {
  const rows = await database().db.execute<{ name: string; headline: string }>(sql`
    select o.name, (select h.text from headline_versions h where h.article_id = s.article_id order by h.last_seen_at desc, h.id desc limit 1) as headline
    from outlets o
    join frontpage_captures c on c.outlet_id = o.id and c.outcome = 'ok'
      and c.at = (select max(at) from frontpage_captures where outlet_id = o.id and outcome = 'ok')
    -- Rank 1 at the latest capture: a span covering it (open, or ended at it) with no
    -- span of the outlet covering it at a lower order key.
    join rank_spans s on s.outlet_id = o.id and s.from_at <= c.at and (s.to_at is null or s.to_at >= c.at)
      and not exists (select 1 from rank_spans t where t.outlet_id = o.id and t.from_at <= c.at
                      and (t.to_at is null or t.to_at >= c.at) and t.position < s.position)`);
  return new Map(rows.map((r) => [r.name, r.headline]));
}

/** The single number a counting query returns. */
async function countOf(query: SQL): Promise<number> {
  const [row] = await database().db.execute<{ n: number }>(query);
  return row!.n;
}

/** Puts an exclusion in force for the outlet while `run` runs. */
async function withExclusion(slug: string, scope: Scope, run: () => Promise<void>): Promise<void> {
  const { db } = database();
  const [row] = await db.execute<{ id: number }>(sql`
    insert into exclusions (outlet_id, domain, scope, channel, received_at, verified_at, applied_at)
    select id, ${slug}, ${scope}, 'test', now(), now(), now() from outlets where slug = ${slug} returning id`);
  try {
    await run();
  } finally {
    await db.execute(sql`delete from exclusions where id = ${row!.id}`);
  }
}

describe("home dashboard on crawled data", () => {
  it("WEB-1: shows, for every crawled outlet, the headline that leads its front page at the latest capture", async () => {
    const expected = await leadsInDatabase();
    expect(expected.size).toBeGreaterThanOrEqual(inject("crawl").outletSlugs.length - 2);
    const shown = await withPage(browser(), "/", async (page) =>
      page
        .getByTestId("leads")
        .locator("tbody tr")
        .evaluateAll((trs) =>
          trs.map((tr) => [tr.querySelector("th")!.textContent!.trim(), tr.querySelector("td a")?.textContent?.trim() ?? null] as const),
        ),
    );
    const byName = new Map(shown);
    for (const [name, headline] of expected) expect(byName.get(name), name).toBe(headline);
  });

  it("WEB-1: lists the latest headline changes, each a real pair of versions of one article", async () => {
    const pairs = await withPage(browser(), "/", async (page) => {
      if (await page.getByTestId("no-changes").count()) return [];
      return page
        .getByTestId("changes")
        .locator("li")
        .evaluateAll((lis) =>
          lis.map((li) => ({
            before: li.querySelector("del")!.textContent!,
            after: li.querySelector("ins")!.textContent!,
            article: Number(li.querySelector("ins a")!.getAttribute("href")!.split("/").pop()),
          })),
        );
    });
    const n = await countOf(sql`
      select count(*)::int as n from (select article_id from headline_versions group by article_id having count(*) > 1) x`);
    expect(pairs.length).toBe(Math.min(12, n === 0 ? 0 : pairs.length));
    for (const p of pairs) {
      const versions = await database().db.execute<{ text: string }>(
        sql`select text from headline_versions where article_id = ${p.article}`,
      );
      expect(versions.map((v) => v.text)).toEqual(expect.arrayContaining([p.before, p.after]));
    }
  });

  it("WEB-1: says honestly when no story has been grouped yet", async () => {
    const n = await countOf(sql`select count(*)::int as n from stories`);
    await withPage(browser(), "/", async (page) => {
      expect(await page.getByTestId(n === 0 ? "no-stories" : "stories").count()).toBe(1);
    });
  });
});

describe("search on crawled headlines", () => {
  async function someWord(): Promise<string> {
    const [row] = await database().db.execute<{ word: string }>(sql`
      select w as word from headline_versions, regexp_split_to_table(lower(text), '[^[:alpha:]]+') w
      where length(w) >= 7 group by w order by count(*) desc, w limit 1`);
    return row!.word;
  }

  it("WEB-1: finds every headline version containing a word, as PostgreSQL's Spanish full-text search counts them", async () => {
    const word = await someWord();
    const n = await countOf(sql`
      select count(*)::int as n from headline_versions where to_tsvector('spanish', search_fold(text)) @@ websearch_to_tsquery('spanish', search_fold(${word}))`);
    expect(n).toBeGreaterThan(0);
    await withPage(browser(), `/buscar?q=${encodeURIComponent(word)}`, async (page) => {
      expect(await page.getByTestId("result-count").innerText()).toContain(
        `${n.toLocaleString("es-ES")} ${n === 1 ? "versión" : "versiones"}`,
      );
      const hits = await page.getByTestId("hits").locator("li > a").allInnerTexts();
      expect(hits.length).toBe(Math.min(20, n));
      for (const h of hits) expect(h.toLowerCase()).toMatch(new RegExp(word.slice(0, 5)));
    });
  });

  it("WEB-2: the search form is a plain GET form that works without JavaScript, and results are paginated", async () => {
    const word = await someWord();
    await withPage(browser(), "/buscar", async (page) => {
      await page.fill('input[name="q"]', word);
      await page.click('button[type="submit"]');
      await page.waitForURL(/q=/);
      expect(await page.getByTestId("result-count").count()).toBe(1);
    });
  });

  it.each([
    ["/buscar?pagina=abc", "número de página"],
    ["/buscar?q=a&desde=2026-13-45", "desde"],
    ["/buscar?q=a&q=b", "más de una vez"],
    [`/buscar?q=${"x".repeat(201)}`, "200 caracteres"],
    ["/buscar?cabecera=%3Cscript%3E", "cabecera"],
  ])("WEB-2, SEC-6: a wrong query string (%s) is a 400 that shows the search page, its form and why, never a 500", async (path, reason) => {
    const response = await fetch(siteUrl(path));
    expect(response.status).toBe(400);
    await withPage(browser(), path, async (page) => {
      expect(await page.locator("h1").innerText()).toBe("Buscar");
      expect(await page.getByRole("navigation").count()).toBeGreaterThan(0);
      expect(await page.getByTestId("bad-query").innerText()).toContain(reason);
      expect(await page.locator('form[action="/buscar"] input[name="q"]').count()).toBe(1);
    });
  });

  it("WEB-1: a results page past the last shows the search page, says how many pages there are and links to the last", async () => {
    const path = `/buscar?q=${encodeURIComponent(await someWord())}&pagina=99999`;
    const response = await fetch(siteUrl(path));
    expect(response.status).toBe(200);
    await withPage(browser(), path, async (page) => {
      expect(await page.getByTestId("past-the-end").innerText()).toMatch(/no hay página 99\.999/);
      expect(await page.getByTestId("past-the-end").locator("a").getAttribute("href")).toMatch(/pagina=\d+|q=/);
    });
  });

  it("WEB-1: accents and capitals do not matter, common words alone are explained, matches are marked and counted per outlet", async () => {
    const [row] = await database().db.execute<{ word: string }>(sql`
      select w as word from headline_versions, regexp_split_to_table(text, '[^[:alpha:]]+') w
      where w ~ '^[ÁÉÍÓÚ][a-záéíóúñ]{4,}$' group by w order by count(*) desc, w limit 1`);
    const accented = row?.word ?? "Última";
    const plain = accented
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase();
    const texts: string[] = [];
    for (const q of [accented, plain]) {
      await withPage(browser(), `/buscar?q=${encodeURIComponent(q)}`, async (page) =>
        texts.push(await page.getByTestId("result-count").innerText()),
      );
    }
    expect(texts[1]).toBe(texts[0]);
    await withPage(browser(), `/buscar?q=${encodeURIComponent(plain)}`, async (page) => {
      if (await page.getByTestId("hits").count()) expect(await page.getByTestId("hits").locator("mark").count()).toBeGreaterThan(0);
      expect(await page.getByTestId("by-outlet").count()).toBe(1);
    });
    await withPage(browser(), "/buscar?q=de+la", async (page) => {
      expect(await page.getByTestId("common-words").innerText()).toContain("palabras muy comunes");
    });
  });
});

describe("status page on crawled data", () => {
  it("BLK-7, WEB-1: shows each outlet's front-page captures over 7 days as the database counts them", async () => {
    const rows = await database().db.execute<{ slug: string; n: number }>(sql`
      select o.slug, count(c.id)::int as n from outlets o left join frontpage_captures c on c.outlet_id = o.id and c.at > now() - interval '7 days'
      where o.active group by o.slug`);
    await withPage(browser(), "/estado", async (page) => {
      for (const r of rows) {
        const cell = page.locator(`tr[data-slug="${r.slug}"] [data-testid="captures"]`);
        expect((await cell.innerText()).split(",")[0]).toBe(r.n.toLocaleString("es-ES"));
      }
    });
  });

  it("WEB-2: the status tables sort by their column headers, by links that work without JavaScript", async () => {
    const numbers = (texts: string[]) => texts.map((t) => Number(t.replace(/\./g, "").replace(",", ".")));
    await withPage(browser(), "/estado", async (page) => {
      const table = page.getByTestId("outlet-status");
      const header = table.locator("th", { hasText: "Capturas de portada" });
      expect(await header.getAttribute("aria-sort")).toBeNull();
      await header.locator("a").click();
      await page.waitForURL(/cabeceras=-capturas/);
      expect(await page.getByTestId("outlet-status").locator("th", { hasText: "Capturas de portada" }).getAttribute("aria-sort")).toBe(
        "descending",
      );
      const down = numbers(await page.getByTestId("outlet-status").locator('[data-testid="captures"]').allInnerTexts());
      expect(down).toEqual([...down].sort((a, b) => b - a));
      await page.getByTestId("outlet-status").locator("th", { hasText: "Capturas de portada" }).locator("a").click();
      await page.waitForURL(/cabeceras=capturas/);
      const up = numbers(await page.getByTestId("outlet-status").locator('[data-testid="captures"]').allInnerTexts());
      expect(up).toEqual([...down].sort((a, b) => a - b));
      // The other tables keep their own order parameter.
      const lagLink = await page.getByTestId("lag").locator("th", { hasText: "Mediana" }).locator("a").getAttribute("href");
      expect(lagLink).toContain("cabeceras=capturas");
      expect(lagLink).toContain("retraso=-mediana");
    });
    // An unknown column is the default order, not an error.
    expect((await fetch(siteUrl("/estado?cabeceras=-nada&retraso=%3Cx%3E"))).status).toBe(200);
  });

  it("DER-8: shows collection lag per outlet and source kind, and POL-1: our requests per site stay under the pacing bound", async () => {
    const perSite = async () =>
      (
        await database().db.execute<{ site: string; n: number }>(sql`
      select site_domain as site, count(*)::int as n from fetch_log where at > now() - interval '24 hours' and outcome <> 'robots-disallowed'
      group by site_domain order by site_domain`)
      ).map((v) => `${v.site} ${v.n.toLocaleString("es-ES")}`);
    // The figures the worker stored at its last status refresh, which the page shows while they are fresh.
    const stored = async () =>
      (
        await database().db.execute<{ site: string; n: number }>(sql`
      select site_domain as site, requests as n from site_volume order by site_domain`)
      ).map((v) => `${v.site} ${v.n.toLocaleString("es-ES")}`);
    const volume = await perSite();
    expect(volume.length).toBeGreaterThan(0);
    await withPage(browser(), "/estado", async (page) => {
      const text = await mainText(page);
      // Another test file's worker may still be logging a request: the page must match the log as it
      // stood, or the worker's stored refresh of it (db/queries/site/outlet-status.ts).
      const after = await perSite();
      const snapshot = await stored();
      const matches = (rows: string[]) => rows.length > 0 && rows.every((row) => text.includes(row));
      expect(
        matches(volume) || matches(after) || matches(snapshot),
        `${volume.join(", ")} | ${after.join(", ")} | ${snapshot.join(", ")}`,
      ).toBe(true);
      expect(await page.getByTestId("lag").locator("tbody tr").count()).toBeGreaterThan(0);
      const busiest = await page.getByTestId("volume").locator("tbody td:nth-child(3)").allInnerTexts();
      for (const b of busiest) expect(Number(b.split(" ")[0]!.replace(/\./g, ""))).toBeLessThanOrEqual(1200);
    });
  });
});

describe("exclusion scopes on the home, search and status pages (PUB-6)", () => {
  const slugs = () => inject("crawl").outletSlugs;
  async function outletName(slug: string): Promise<string> {
    const [row] = await database().db.execute<{ name: string }>(sql`select name from outlets where slug = ${slug}`);
    return row!.name;
  }

  /**
   * A crawled outlet whose leading headline no other outlet has published: agency copy runs
   * word for word in several outlets, and the others may show it.
   */
  async function outletWithOwnLead(): Promise<{ slug: string; name: string; lead: string }> {
    const leads = await leadsInDatabase();
    for (const slug of slugs().slice(1)) {
      const name = await outletName(slug);
      const lead = leads.get(name);
      if (
        lead !== undefined &&
        (await countOf(sql`
        select count(*)::int as n from headline_versions h join articles a on a.id = h.article_id join outlets o on o.id = a.outlet_id
        where h.text = ${lead} and o.slug <> ${slug}`)) === 0
      )
        return { slug, name, lead };
    }
    throw new Error("every crawled outlet's lead headline is also another outlet's");
  }

  it("PUB-1, PUB-6: an outlet excluded in full is on none of these pages, and its own page is a 404", async () => {
    const slug = slugs()[0]!;
    const name = await outletName(slug);
    await withExclusion(slug, "total", async () => {
      for (const path of ["/", "/estado", "/cabeceras", "/buscar?q=el"]) {
        await withPage(browser(), path, async (page) => expect(await mainText(page), path).not.toContain(name));
      }
      expect((await fetch(siteUrl(`/cabeceras/${slug}`))).status).toBe(404);
      const sitemap = await (await fetch(siteUrl("/sitemap.xml"))).text();
      expect(sitemap).not.toContain(`/cabeceras/${slug}<`);
    });
  });

  it("PUB-1, PUB-6: sin titulares literales withholds the outlet's headlines on the home page and leaves it out of search", async () => {
    const { slug, name, lead } = await outletWithOwnLead();
    await withExclusion(slug, "sin-titulares-literales", async () => {
      await withPage(browser(), "/", async (page) => {
        const row = page.getByTestId("leads").locator("tbody tr", { hasText: name });
        expect(await row.locator("td a").innerText()).toBe(WITHHELD_HEADLINE);
        expect(await mainText(page)).not.toContain(lead!);
      });
      const words = lead!
        .split(/\s+/)
        .filter((w) => w.length > 5)
        .slice(0, 2)
        .join(" ");
      await withPage(browser(), `/buscar?q=${encodeURIComponent(`"${words}"`)}&cabecera=${slug}`, async (page) => {
        expect(await page.getByTestId("result-count").innerText()).toMatch(/Ningún titular.*No buscamos en 1 cabecera/);
      });
    });
  });

  it("PUB-1, PUB-6: sin posición hides what leads the outlet's front page and says why", async () => {
    const slug = slugs()[2]!;
    const name = await outletName(slug);
    await withExclusion(slug, "sin-posicion", async () => {
      await withPage(browser(), "/", async (page) => {
        const row = page.getByTestId("leads").locator("tbody tr", { hasText: name });
        expect(await row.innerText()).toContain("Sin posición, a petición del medio");
        expect(await row.locator("td a").count()).toBe(0);
      });
      await withPage(browser(), "/estado", async (page) => {
        expect(await page.locator(`tr[data-slug="${slug}"]`).textContent()).toContain("Sin posición, a petición del medio");
      });
    });
  });
});
