/**
 * OPS-5: `/metrics`, the crawler's figures in Prometheus text, read from a real database at
 * scrape time, through the real front door over loopback (a small upstream stands for the
 * Next.js route and runs the same handler). Closed to the public: loopback readers, or the
 * bearer token; never a request a proxy forwarded, whatever X-Forwarded-For it carries.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { importOutlets } from "../../../db/outlets";
import { readCurrentMetrics, readMetricsHistory } from "../../../db/queries/admin/metrics";
import { sqlTime } from "../../../db/sql-time";
import { answerMetrics } from "../../../app/_lib/metrics/metrics-endpoint";
import { READER_LOOPBACK_HEADER } from "../../../lib/front-door/reader-loopback";
import { createCachingProxy } from "../../../lib/front-door/page-cache/front-door";
import { createTestDatabase } from "../../support/database";

const NOW = Date.parse("2026-11-20T12:00:00Z");
const MINUTE = 60_000;
const TOKEN = "s3cret-metrics-token-0123456789";
const servers: http.Server[] = [];
let database: Database;
let direct: string;
let trusting: string;

function listen(server: http.Server): Promise<string> {
  servers.push(server);
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

async function get(base: string, headers: Record<string, string> = {}): Promise<{ status: number; type?: string; body: string }> {
  const response = await fetch(`${base}/metrics`, { headers });
  return { status: response.status, type: response.headers.get("content-type") ?? undefined, body: await response.text() };
}

/** Prometheus text format 0.0.4, strictly: each sample is `name{labels} value`, announced by HELP and TYPE. */
function parsePrometheus(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  const typed = new Set<string>();
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const meta = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.+)$/.exec(line);
    if (meta) {
      if (meta[1] === "TYPE") {
        expect(meta[3]).toMatch(/^(gauge|counter|histogram|summary|untyped)$/);
        typed.add(meta[2]!);
      }
      continue;
    }
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*",?)*\})? (-?[0-9.e+-]+|NaN|[+-]Inf)$/.exec(
      line,
    );
    expect(sample, line).not.toBeNull();
    expect(typed.has(sample![1]!), `${sample![1]} has a TYPE`).toBe(true);
    samples.set(`${sample![1]}${sample![2] ?? ""}`, Number(sample![3]));
  }
  return samples;
}

beforeAll(async () => {
  database = await createTestDatabase(4);
  const db = database.db;
  await importOutlets(db, [
    {
      slug: "diario-uno",
      name: "Diario Uno",
      country: "ES",
      language: "es",
      timezone: "Europe/Madrid",
      homepage: "https://www.diariouno.test/",
      feeds: ["https://www.diariouno.test/rss"],
      sitemaps: ["https://www.diariouno.test/sitemap.xml"],
      renderMode: "static",
      active: true,
      feedIntervalMinutes: 10,
      sitemapIntervalMinutes: 15,
    },
  ]);
  // Ten requests in the last five minutes (two refused, one challenged), one older; 5,000 bytes in the window.
  const log = (minutesAgo: number, outcome: string, bytes: number) =>
    db.execute(sql`
    insert into fetch_log (at, site_domain, url, kind, status, bytes, duration_ms, outcome)
    values (${sqlTime(NOW - minutesAgo * MINUTE)}, 'diariouno.test', 'https://www.diariouno.test/rss', 'feed', 200, ${bytes}, 10, ${outcome})`);
  for (let i = 1; i <= 7; i++) await log(i * 0.5, "ok", 500);
  await log(1, "not-modified", 1_500);
  await log(2, "blocked", 0);
  await log(3, "challenge", 0);
  await log(90, "ok", 99_999);
  // The feed is 10 minutes late; the sitemap is due later. One front-page extraction failed. Two workers beat, one is gone.
  await db.execute(sql`update sources set next_due_at = ${sqlTime(NOW - 10 * MINUTE)} where kind = 'feed'`);
  await db.execute(sql`update sources set next_due_at = ${sqlTime(NOW + 10 * MINUTE)} where kind <> 'feed'`);
  await db.execute(sql`update sources set extraction_failures = 2 where kind = 'sitemap'`);
  const [outlet] = await db.execute<{ id: number }>(sql`select id from outlets`);
  await db.execute(
    sql`insert into frontpage_captures (outlet_id, at, outcome, render_mode) values (${outlet!.id}, ${sqlTime(NOW - MINUTE)}, 'extraction-failed', 'static')`,
  );
  for (const [id, ago] of [
    ["a", 0.5],
    ["b", 1],
    ["c", 30],
  ] as const) {
    await db.execute(
      sql`insert into app_state (key, value, updated_at) values (${`worker:${id}`}, '{}'::jsonb, ${sqlTime(NOW - ago * MINUTE)})`,
    );
  }

  const upstream = http.createServer((request, response) => {
    const headers = new Headers();
    for (const [k, v] of Object.entries(request.headers)) if (typeof v === "string") headers.set(k, v);
    void answerMetrics(new Request(`http://x${request.url}`, { headers }), { token: TOKEN, read: () => readCurrentMetrics(db, NOW) }).then(
      async (answer) => {
        response.writeHead(answer.status, Object.fromEntries(answer.headers));
        response.end(await answer.text());
      },
    );
  });
  const port = Number(new URL(await listen(upstream)).port);
  direct = await listen(http.createServer(createCachingProxy({ upstream: { host: "127.0.0.1", port }, store: undefined })));
  trusting = await listen(
    http.createServer(createCachingProxy({ upstream: { host: "127.0.0.1", port }, store: undefined, trustProxy: true })),
  );
});

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
  await database?.close();
});

describe("/metrics", () => {
  it("OPS-5: a loopback reader gets Prometheus text that parses, with the figures read from the database", async () => {
    const answer = await get(direct);
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^text\/plain; version=0\.0\.4/);
    const m = parsePrometheus(answer.body);
    expect(m.get('hemeroscopio_crawler_requests_per_minute{outcome="ok"}')).toBe(7 / 5);
    expect(m.get('hemeroscopio_crawler_requests_per_minute{outcome="blocked"}')).toBe(1 / 5);
    expect(m.get("hemeroscopio_crawler_bytes_per_minute")).toBe(5_000 / 5);
    expect(m.get("hemeroscopio_crawler_blocks_per_minute")).toBe(2 / 5);
    expect(m.get("hemeroscopio_polls_late")).toBe(1);
    expect(m.get("hemeroscopio_poll_lag_seconds")).toBe(600);
    expect(m.get("hemeroscopio_workers_alive")).toBe(2);
    expect(m.get("hemeroscopio_sources_failing_extraction")).toBe(1);
    expect(m.get("hemeroscopio_failed_extractions_per_minute")).toBe(1 / 5);
    expect(m.get('hemeroscopio_database_table_bytes{table="fetch_log"}')).toBeGreaterThan(0);
    expect(m.get('hemeroscopio_database_table_bytes{table="articles"}')).toBeGreaterThan(0);
  });

  it("OPS-5: a reader from elsewhere is refused without the token, even with a forged X-Forwarded-For or loopback header", async () => {
    // Through a trusted proxy: the address the proxy appended is the reader's, whatever came before it.
    for (const xff of ["203.0.113.9", "127.0.0.1, 203.0.113.9"]) {
      const refused = await get(trusting, { "x-forwarded-for": xff, [READER_LOOPBACK_HEADER]: "1" });
      expect(refused.status, xff).toBe(401);
      expect(refused.body).not.toMatch(/hemeroscopio_/);
    }
    // Through a proxy on this machine that is not trusted: the socket is loopback, the reader is not.
    for (const headers of [{ "x-forwarded-for": "127.0.0.1" }, { forwarded: "for=127.0.0.1" }, { "x-real-ip": "127.0.0.1" }] as Record<
      string,
      string
    >[]) {
      expect((await get(direct, headers)).status, JSON.stringify(headers)).toBe(401);
    }
    // Through a trusted proxy on this machine that appends no X-Forwarded-For (only X-Real-IP, or nothing):
    // the socket is the proxy's loopback, the reader is unknown.
    for (const headers of [{ "x-real-ip": "203.0.113.9" }, {}, { "x-forwarded-for": "" }] as Record<string, string>[]) {
      expect((await get(trusting, headers)).status, `trusted, ${JSON.stringify(headers)}`).toBe(401);
    }
    expect((await get(trusting, { "x-forwarded-for": "203.0.113.9", authorization: "Bearer wrong-token-0123456789abcd" })).status).toBe(
      401,
    );
    expect((await get(trusting, { "x-forwarded-for": "203.0.113.9", authorization: `Basic ${TOKEN}` })).status).toBe(401);
  });

  it("OPS-5: the bearer token opens it to a reader from elsewhere; a trusted proxy's own loopback reader is loopback", async () => {
    const withToken = await get(trusting, { "x-forwarded-for": "203.0.113.9", authorization: `Bearer ${TOKEN}` });
    expect(withToken.status).toBe(200);
    expect(parsePrometheus(withToken.body).get("hemeroscopio_workers_alive")).toBe(2);
    expect((await get(trusting, { "x-forwarded-for": "127.0.0.1" })).status).toBe(200);
  });

  it("OPS-5: the last 24 hours come hour by hour, the current hour last, empty hours as zeros", async () => {
    const hours = await readMetricsHistory(database.db, NOW);
    expect(hours).toHaveLength(24);
    expect(hours.at(-1)).toMatchObject({ start: NOW, requests: 0 });
    const previous = hours.at(-2)!;
    expect(previous).toMatchObject({ requests: 10, blocks: 2, bytes: 5_000, failedExtractions: 1 });
    expect(previous.byOutcome).toMatchObject({ ok: 7, "not-modified": 1, blocked: 1, challenge: 1 });
    expect(hours.at(-3)).toMatchObject({ requests: 1, bytes: 99_999 });
    expect(hours[0]).toMatchObject({ requests: 0, byOutcome: { ok: 0, blocked: 0 } });
  });
});
