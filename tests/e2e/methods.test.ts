/**
 * The methods page and the figures it explains (SPEC DER-1, DER-2, DER-4, DER-6, WEB-1): the
 * framing model's hash is the same on /metodologia and /bot and is the hash of the file
 * the worker loads; the outlet page's A/B counts are the read model's.
 */
import fs from "node:fs";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loadHeadlineTestCounts } from "../../db/figures/headline-changes";
import { classifyHeadlineChanges, TEST_OVERLAP_MS, type SeenVersion } from "../../lib/analysis/ab-tests";
import { CLICKBAIT_PATTERNS } from "../../lib/analysis/clickbait";
import { DEFAULT_CLUSTER_OPTIONS, SECOND_PASS_OPTIONS } from "../../lib/analysis/cluster";
import { STORY_EVALUATION } from "../../lib/analysis/story-evaluation";
import { FRAME_LETTERS, FRAMES } from "../../lib/analysis/framing-letters";
import { sha256Hex } from "../../lib/analysis/framing-model";
import { startSimulatedWeb } from "../sim/index";
import { mainText, openPage, useBrowser, useSiteDatabase } from "./fixtures";

const browser = useBrowser();
const database = useSiteDatabase();
const fileHash = sha256Hex(fs.readFileSync(new URL("../../lib/analysis/framing-model.json", import.meta.url)));

async function hashOn(path: string): Promise<string> {
  const { page } = await openPage(browser(), path, { javaScriptEnabled: false });
  try {
    return await page.getByTestId("framing-model-sha256").innerText();
  } finally {
    await page.context().close();
  }
}

describe("Metodología", () => {
  it("DER-4: /metodologia and /bot show the same framing model SHA-256, the hash of lib/analysis/framing-model.json", async () => {
    const [methods, bot] = [await hashOn("/metodologia"), await hashOn("/bot")];
    expect(methods).toBe(fileHash);
    expect(bot).toBe(fileHash);
  });

  it("DER-1, DER-4, DER-6: it explains every framing letter, lists every clickbait pattern and states the A/B rule", async () => {
    const { page } = await openPage(browser(), "/metodologia", { javaScriptEnabled: false });
    try {
      const text = await mainText(page);
      for (const l of FRAME_LETTERS) expect(text).toContain(`${l} · ${FRAMES[l].name}`);
      for (const p of CLICKBAIT_PATTERNS) expect(text).toContain(p.id);
      expect(text).toContain(`más de ${TEST_OVERLAP_MS / 60_000} minutos después`);
      expect(text).toContain("fastText");
      expect(text).toContain("no una red neuronal");
    } finally {
      await page.context().close();
    }
  });

  it("DER-2: it states the story clustering's second pass as not in use, and the figures on the described and later sets", async () => {
    const { page } = await openPage(browser(), "/metodologia", { javaScriptEnabled: false });
    try {
      const text = await mainText(page);
      const c = SECOND_PASS_OPTIONS;
      const decimal = (x: number) => String(Math.round(x * 100) / 100).replace(".", ",");
      expect(DEFAULT_CLUSTER_OPTIONS.consolidation.passes).toBe(0);
      expect(text).toContain("un segundo paso, que no está en uso");
      expect(text).toContain(`su centro al menos ${decimal(c.joinThreshold)}`);
      expect(text).toContain(`se parecen al menos ${decimal(c.mergeThreshold)} se unirían`);
      expect(text).toContain(`a dos historias por una misma palabra rara, son la misma`);
      expect(text).toContain(`se parezca al menos ${decimal(c.linkFloor)} a una de la otra parte`);
      const d = STORY_EVALUATION.described;
      expect(text).toContain(`(F1 ${decimal(d.heldOut.f1)})`);
      expect(text).toContain(`(F1 ${decimal(d.secondPassHeldOut.f1)})`);
      expect(text).toContain(`acierta en el ${Math.round(d.heldOut.precision * 100)} % de los pares que une`);
      const l = STORY_EVALUATION.later;
      expect(text).toContain(`${l.items} noticias con entradilla`);
      expect(text).toContain(`(F1 ${decimal(l.heldOut.f1)})`);
      const april = STORY_EVALUATION.april;
      expect(text).toContain(`(${april.items} noticias)`);
      expect(text).toContain(`(F1 ${decimal(april.heldOut.f1)})`);
      expect(text).toContain("se cumplen los aciertos en dos de los cuatro conjuntos");
      // The simulated web's figure is not to be read as real-world accuracy (docs/stories.md's rare-word rows).
      expect(text).toContain("esa cifra no dice cuánto acierta con noticias reales");
      // At a crawl's density the simulated stories chain (docs/stories.md, "Three days, as the worker places them").
      const days = STORY_EVALUATION.simulatedDays;
      expect(text).toContain(`de cada 100 pares que el agrupamiento une, ${Math.round(days.precision * 100)} son de la misma historia`);
      expect(text).toContain(`la mayor reúne ${days.largest} noticias`);
    } finally {
      await page.context().close();
    }
  });

  it("WEB-4: /metodologia fits a 360 px wide phone without sideways scrolling", async () => {
    const { page } = await openPage(browser(), "/metodologia", { viewport: { width: 360, height: 740 } });
    try {
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    } finally {
      await page.context().close();
    }
  });

  it("DER-6: an outlet page shows the tests and rewrites the read model counts for its last 7 days", async () => {
    const [outlet] = await database().db.execute<{ id: number; slug: string }>(sql`
      select o.id, o.slug from outlets o where o.active and exists (
        select 1 from articles a join headline_versions hv on hv.article_id = a.id where a.outlet_id = o.id
        group by a.id having count(*) > 1)
      order by o.id limit 1`);
    expect(outlet, "the simulated crawl recorded headline changes").toBeDefined();
    const now = Date.now();
    const counts = (await loadHeadlineTestCounts(database().db, { outletIds: [outlet!.id], from: now - 7 * 86_400_000, to: now })).get(
      outlet!.id,
    )!;
    const { page } = await openPage(browser(), `/cabeceras/${outlet!.slug}`, { javaScriptEnabled: false });
    try {
      const section = (await page.locator('section[aria-labelledby="pruebas-ab"]').innerText()).replace(/\s+/g, " ");
      expect(section).toContain(`${counts.rewrites} ${counts.rewrites === 1 ? "reescritura" : "reescrituras"}`);
      expect(section).toContain(`${counts.tests} ${counts.tests === 1 ? "prueba A/B" : "pruebas A/B"}`);
    } finally {
      await page.context().close();
    }
  });
});

describe("A/B tests on the crawl of the simulated web", () => {
  it("DER-6: no article the simulator rewrote is counted as an A/B test, and its A/B tests are found", async () => {
    // The simulated web is deterministic (seed 1, the global setup's 10 outlets): a second
    // instance gives the ground truth of the crawl that filled the site's database.
    const sim = await startSimulatedWeb({ clock: { now: () => Date.now() }, outlets: 10 });
    try {
      const rows = await database().db.execute<{
        url: string;
        text_hash: string;
        first_seen_at: string | Date;
        last_seen_at: string | Date;
        seen_in: string[] | string;
      }>(sql`
        select a.url, hv.text_hash, hv.first_seen_at, hv.last_seen_at, hv.seen_in::text[] as seen_in
        from headline_versions hv join articles a on a.id = hv.article_id
        where hv.article_id in (select article_id from headline_versions group by article_id having count(*) > 1)`);
      const byUrl = new Map<string, SeenVersion[]>();
      for (const r of rows) {
        const seenIn = Array.isArray(r.seen_in) ? r.seen_in : String(r.seen_in).replace(/[{}]/g, "").split(",");
        const v = {
          textHash: r.text_hash,
          firstSeenAt: new Date(r.first_seen_at).getTime(),
          lastSeenAt: new Date(r.last_seen_at).getTime(),
          seenIn,
        };
        byUrl.set(r.url, [...(byUrl.get(r.url) ?? []), v]);
      }
      const verdicts = [...byUrl].flatMap(([url, versions]) => {
        const truth = sim.truth.articleByUrl(url);
        return truth ? [{ pattern: truth.headlinePattern, test: classifyHeadlineChanges(versions).tests.length > 0 }] : [];
      });
      expect(verdicts.length, "articles whose headline changed during the crawl").toBeGreaterThan(10);
      expect(verdicts.filter((v) => v.test && v.pattern !== "ab-test")).toEqual([]);
      expect(verdicts.filter((v) => v.test).length).toBeGreaterThan(0);
    } finally {
      await sim.close();
    }
  });
});
