/**
 * Alerts on placement (SPEC WEB-6), on a real crawl of the simulated web: the page builds a feed
 * address with no account, and the feed lists what the database says happened — an article
 * with the alert's words reaching the top of a front page, a headline rewritten hours after
 * publication.
 */
import { sql } from "drizzle-orm";
import { XMLParser } from "fast-xml-parser";
import { afterAll, describe, expect, inject, it } from "vitest";
import { frontPageAt } from "../../db/figures/api/front-pages";
import { openPage, siteUrl, useBrowser, useSiteDatabase } from "./fixtures";

const browser = useBrowser();
const database = useSiteDatabase();
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", isArray: (name) => name === "entry" });
const LATE = "Titular cambiado a última hora para la alerta";

let restore = async () => {};
afterAll(async () => {
  await restore();
});

/** The lead of a crawled outlet's latest capture: its article, outlet and headline then. */
async function aLead(): Promise<{ articleId: number; slug: string; name: string; headline: string }> {
  const [capture] = await database().db.execute<{ outlet_id: number; slug: string; name: string; at: string }>(sql`
    select fc.outlet_id, o.slug, o.name, fc.at::text from frontpage_captures fc join outlets o on o.id = fc.outlet_id
    where fc.outcome = 'ok' and o.slug = any(${`{${inject("crawl").outletSlugs.join(",")}}`}::text[]) order by fc.at desc limit 1`);
  const [lead] = await frontPageAt(database().db, capture!.outlet_id, Date.parse(capture!.at));
  const [version] = await database().db.execute<{ text: string }>(sql`
    select text from headline_versions where article_id = ${lead!.articleId} order by first_seen_at limit 1`);
  return { articleId: lead!.articleId, slug: capture!.slug, name: capture!.name, headline: version!.text };
}

describe("alerts on placement", () => {
  it("WEB-6, WEB-10: words of a lead's headline, top 1 of its outlet: the page gives a feed address, and the feed names that article at rank 1", async () => {
    const lead = await aLead();
    const { page } = await openPage(browser(), "/alertas", { javaScriptEnabled: false });
    try {
      const form = page.getByTestId("placement-form");
      await form.locator('input[name="q"]').fill(`"${lead.headline}"`);
      await form.locator('select[name="puesto"]').selectOption("1");
      await form.locator(`input[name="medio"][value="${lead.slug}"]`).check();
      await form.locator('button[type="submit"]').click();
      await page.waitForURL(/tipo=puestos/);
      const feedPath = await page.getByTestId("alert-feed").getAttribute("href");
      expect(feedPath).toContain(`medios=${lead.slug}`);
      expect(feedPath).toContain("puesto=1");
      const entries = page.getByTestId("alert-entries");
      expect(await entries.locator(`a[href="/noticias/${lead.articleId}"]`).count()).toBe(1);
      expect(await entries.innerText()).toContain(`Puesto 1 en la portada de ${lead.name}`);
      const response = await fetch(siteUrl(feedPath!));
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain("application/atom+xml");
      const feed = parser.parse(await response.text()).feed;
      const hrefs = (feed.entry ?? []).map((e: { link: { "@href": string } }) => e.link["@href"]);
      expect(hrefs.some((h: string) => h.endsWith(`/noticias/${lead.articleId}`))).toBe(true);
      expect(feed.title["#text"]).toContain(`entre los 1 primeros puestos de ${lead.name}`);
    } finally {
      await page.context().close();
    }
  });

  it("WEB-6, WEB-10: a headline rewritten more than 6 hours after publication is an entry of the rewrite alert, with the headline before it", async () => {
    const lead = await aLead();
    const db = database().db;
    const [before] = await db.execute<{ text: string; published: string | null }>(sql`
      select v.text, a.published_at::text as published from headline_versions v join articles a on a.id = v.article_id
      where v.article_id = ${lead.articleId} order by v.first_seen_at desc, v.id desc limit 1`);
    restore = async () => {
      await db.execute(sql`delete from headline_versions where text = ${LATE}`);
      await db.execute(sql`update articles set published_at = ${before!.published}::timestamptz where id = ${lead.articleId}`);
    };
    // Published 8 hours before a rewrite seen a minute ago.
    await db.execute(sql`update articles set published_at = now() - interval '8 hours 1 minute' where id = ${lead.articleId}`);
    await db.execute(sql`
      insert into headline_versions (article_id, text, text_hash, first_seen_at, last_seen_at, seen_in)
      values (${lead.articleId}, ${LATE}, md5(${LATE}), now() - interval '1 minute', now() - interval '1 minute', '{frontpage}')`);
    const entries = async (hours: number) => {
      const response = await fetch(siteUrl(`/alertas/reescrituras.atom?medios=${lead.slug}&horas=${hours}`));
      expect(response.status).toBe(200);
      // Atom text constructs carry type="text": the parser gives their text under "#text".
      const entries = (parser.parse(await response.text()).feed.entry ?? []) as {
        title: { "#text": string };
        summary: { "#text": string };
      }[];
      return entries.map((e) => ({ title: e.title["#text"], summary: e.summary["#text"] }));
    };
    // Published: the declared time, or when we first saw it if that was earlier (14 simulated hours at most).
    const [{ hours } = { hours: 0 }] = await db.execute<{ hours: number }>(sql`
      select (extract(epoch from v.first_seen_at - least(a.published_at, a.first_seen_at)) / 3600)::float8 as hours
      from headline_versions v join articles a on a.id = v.article_id where v.text = ${LATE}`);
    expect(hours).toBeGreaterThan(8);
    const ours = (await entries(6)).find((e) => e.title === LATE);
    expect(ours?.summary).toContain(`Antes: «${before!.text}»`);
    expect(ours?.summary).toContain("después de publicarlo");
    expect((await entries(Math.ceil(hours) + 1)).find((e) => e.title === LATE)).toBeUndefined(); // not that late
    expect((await fetch(siteUrl("/alertas/reescrituras.atom?horas=100"))).status).toBe(400);
  });
});
