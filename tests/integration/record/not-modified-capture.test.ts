/**
 * A front page answered `304 Not Modified` confirms the list its previous capture read
 * (SPEC STO-1, POL-4, SCH-2): through the real source pipeline and collector (real
 * PostgreSQL, a scripted client, a manual clock), a 200 followed by 304s and then a 200
 * without one article. The spans run on through the 304s, the dropped article's span ends
 * at the last 304, the headlines' last-seen times follow the 304s, the front page at a
 * minute names the 304 as its capture, and the schedule counts the 304s as unchanged.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { importOutlets } from "../../../db/outlets";
import { loadFrontPageAt } from "../../../db/queries/front-pages/front-page-at";
import { createCollector } from "../../../crawler/jobs/collect";
import { createSourcePipeline } from "../../../crawler/jobs/poll-source";
import type { PoliteClient } from "../../../crawler/politeness/polite-client";
import type { Job } from "../../../crawler/schedule/claim";
import { manualClock } from "../../../lib/clock";
import { NO_POLICIES } from "../../../lib/policy";
import { siteOf } from "../../../lib/registrable-domain";
import { createTestDatabase } from "../../support/database";

const MINUTE = 60_000;
const T0 = Date.parse("2026-11-30T09:00:00Z");
const HOME = "https://www.confirma.test/";
const LAST_MODIFIED = "Mon, 30 Nov 2026 08:58:00 GMT";
const teasers = (names: string[]) =>
  `<!doctype html><html lang="es"><body><main>${names
    .map(
      (n) => `<article><h2><a href="/espana/2026-11-30/${n}.html">Titular de la noticia ${n} con palabras suficientes</a></h2></article>`,
    )
    .join("")}</main></body></html>`;
const FIRST = ["uno", "dos", "tres", "cuatro", "cinco", "seis"];

let database: Database;
let source: { id: number; outlet_id: number };
const clock = manualClock(T0);
/** What the scripted client answers next. */
let answer: { status: 200; html: string } | { status: 304 } = { status: 304 };

/** A polite client that answers the scripted reply at the clock's time. */
const client = {
  async request(req: { url: string }) {
    const now = clock.now();
    const result =
      answer.status === 200
        ? {
            outcome: "ok",
            status: 200,
            url: req.url,
            headers: { "content-type": "text/html; charset=utf-8", "last-modified": LAST_MODIFIED },
            body: new TextEncoder().encode(answer.html),
          }
        : { outcome: "not-modified", status: 304, url: req.url, headers: { "last-modified": LAST_MODIFIED } };
    return {
      sent: true,
      finalUrl: req.url,
      outcome: result.outcome,
      result: { ...result, bytes: 0, durationMs: 1, startedAt: now, endedAt: now },
    };
  },
} as unknown as PoliteClient;

function job(): Job {
  return {
    sourceId: source.id,
    outletId: source.outlet_id,
    outletSlug: "confirma",
    timezone: "Europe/Madrid",
    kind: "frontpage",
    url: HOME,
    intervalMinutes: 10,
    etag: null,
    lastModified: LAST_MODIFIED,
    leaseUntil: new Date(clock.now() + 600_000),
    state: { consecutiveFailures: 0 },
  };
}

let pipeline: ReturnType<typeof createSourcePipeline>;
/** Poll the front page at `at` with the reply given. */
async function pollAt(at: number, reply: typeof answer) {
  clock.set(at);
  answer = reply;
  return pipeline.run(job(), new AbortController().signal);
}

type SpanRow = { url: string; from_at: Date; to_at: Date | null };
const spans = async () =>
  (
    await database.db.execute<SpanRow>(sql`
  select a.url, s.from_at, s.to_at from rank_spans s join articles a on a.id = s.article_id order by a.url, s.from_at`)
  ).map((r) => ({
    path: new URL(r.url).pathname.replace("/espana/2026-11-30", ""),
    from: new Date(r.from_at).getTime(),
    to: r.to_at === null ? null : new Date(r.to_at).getTime(),
  }));

beforeAll(async () => {
  database = await createTestDatabase();
  await importOutlets(database.db, [
    {
      slug: "confirma",
      name: "Diario Confirmado",
      country: "ES",
      language: "es",
      timezone: "Europe/Madrid",
      homepage: HOME,
      feeds: [],
      sitemaps: [],
      renderMode: "static",
      active: true,
      feedIntervalMinutes: 10,
      sitemapIntervalMinutes: 15,
    },
    {
      slug: "nuevo",
      name: "Diario Nuevo",
      country: "ES",
      language: "es",
      timezone: "Europe/Madrid",
      homepage: "https://www.nuevo.test/",
      feeds: [],
      sitemaps: [],
      renderMode: "static",
      active: true,
      feedIntervalMinutes: 10,
      sitemapIntervalMinutes: 15,
    },
  ]);
  [source] = (await database.db.execute<{ id: number; outlet_id: number }>(
    sql`select id, outlet_id from sources where kind = 'frontpage' and url = ${HOME}`,
  )) as unknown as [typeof source];
  const collect = createCollector({ db: database.db, client, now: () => clock.now(), siteOf, outletSite: async () => "confirma.test" });
  pipeline = createSourcePipeline({ db: database.db, clock, client, siteOf, collect });
});

afterAll(async () => {
  await database?.close();
});

describe("a 304 confirms the front page (STO-1, POL-4, EXT-9)", () => {
  const outcomes: string[] = [];
  beforeAll(async () => {
    for (const [at, reply] of [
      [T0, { status: 200, html: teasers(FIRST) }],
      [T0 + 20 * MINUTE, { status: 304 }],
      [T0 + 40 * MINUTE, { status: 304 }],
      [T0 + 60 * MINUTE, { status: 200, html: teasers(FIRST.filter((n) => n !== "tres")) }],
    ] as const) {
      outcomes.push((await pollAt(at, reply)).outcome);
    }
  });

  it("STO-1, EXT-9: each 304 is a capture of the same list, marked as a confirmation, counted unchanged", async () => {
    expect(outcomes).toEqual(["ok", "not-modified", "not-modified", "ok"]);
    const rows = await database.db.execute<{
      at: Date;
      outcome: string;
      link_count: number;
      changed: boolean | null;
      not_modified: boolean;
    }>(sql`
      select at, outcome, link_count, changed, not_modified from frontpage_captures order by at`);
    expect(rows.map((r) => [new Date(r.at).getTime() - T0, r.outcome, r.link_count, r.changed, r.not_modified])).toEqual([
      [0, "ok", 6, true, false],
      [20 * MINUTE, "ok", 6, false, true],
      [40 * MINUTE, "ok", 6, false, true],
      [60 * MINUTE, "ok", 5, true, false],
    ]);
    // SCH-2: two unchanged captures in a row, then the change reset the count.
    const [state] = await database.db.execute<{ unchanged_captures: number }>(
      sql`select unchanged_captures from sources where id = ${source.id}`,
    );
    expect(state?.unchanged_captures).toBe(0);
  });

  it("STO-1: a span ended after 304s closes at the last 304, not at the last 200", async () => {
    const all = await spans();
    expect(all.find((s) => s.path === "/tres.html")).toEqual({ path: "/tres.html", from: T0, to: T0 + 40 * MINUTE });
    expect(all.filter((s) => s.path !== "/tres.html").every((s) => s.from === T0 && s.to === null)).toBe(true);
    expect(all).toHaveLength(6);
  });

  it("STO-1, EXT-9: an article's headline is last seen at the last capture that confirmed it", async () => {
    const rows = await database.db.execute<{ url: string; last_seen_at: Date }>(sql`
      select a.url, h.last_seen_at from headline_versions h join articles a on a.id = h.article_id order by a.url`);
    const lastSeen = Object.fromEntries(
      rows.map((r) => [new URL(r.url).pathname.replace("/espana/2026-11-30", ""), new Date(r.last_seen_at).getTime() - T0]),
    );
    expect(lastSeen).toEqual({
      "/cinco.html": 60 * MINUTE,
      "/cuatro.html": 60 * MINUTE,
      "/dos.html": 60 * MINUTE,
      "/seis.html": 60 * MINUTE,
      "/tres.html": 40 * MINUTE,
      "/uno.html": 60 * MINUTE,
    });
  });

  it("WEB-5: the front page a minute after a 304 names the 304 as its capture, with the same links", async () => {
    const page = await loadFrontPageAt(database.db, {
      outletId: source.outlet_id,
      policy: NO_POLICIES.forOutlet(source.outlet_id),
      minute: T0 + 41 * MINUTE,
      now: T0 + 2 * 60 * MINUTE,
      bestRank: false,
    });
    expect(page.capture).toBe(T0 + 40 * MINUTE);
    expect(page.previous).toBe(T0 + 20 * MINUTE);
    expect(page.links.map((l) => l.rank)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(page.links.every((l) => l.since === T0)).toBe(true);
  });

  it("STO-1: a 304 with no capture before it confirms nothing and writes nothing", async () => {
    const [other] = await database.db.execute<{ id: number; outlet_id: number }>(
      sql`select id, outlet_id from sources where kind = 'frontpage' and url = 'https://www.nuevo.test/'`,
    );
    clock.set(T0 + 90 * MINUTE);
    answer = { status: 304 };
    const outcome = await pipeline.run(
      { ...job(), sourceId: other!.id, outletId: other!.outlet_id, outletSlug: "nuevo", url: "https://www.nuevo.test/" },
      new AbortController().signal,
    );
    expect(outcome.outcome).toBe("not-modified");
    expect(outcome.nextDueAt).toBeGreaterThan(T0 + 90 * MINUTE);
    const [row] = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from frontpage_captures where outlet_id = ${other!.outlet_id}`,
    );
    expect(row?.n).toBe(0);
  });
});
