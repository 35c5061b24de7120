/**
 * Exclusion requests naming one domain share its looks (SPEC POL-1, PUB-2): the worker looks
 * at a domain once per due time and checks every pending token of that domain in what it
 * fetched, so N requests for a domain cost it the ~40 looks of one request in 7 days, not
 * N × 40; each token is still found, and two workers never look at one domain at once.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { sqlTime } from "../../../db/sql-time";
import { createExclusionVerifier } from "../../../crawler/jobs/verify-exclusions";
import { createTestDatabase } from "../../support/database";

const START = Date.parse("2026-11-20T12:00:00Z");
const DAY = 86_400_000;
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase(4);
});
afterAll(async () => {
  await database?.close();
});

async function request(domain: string, token: string, at = START): Promise<void> {
  await database.db.execute(
    sql`insert into exclusions (domain, scope, channel, token, received_at) values (${domain}, 'total', 'form', ${token}, ${sqlTime(at)})`,
  );
}

/** A web whose robots.txt on `host` carries the tokens `carried(now)` lists; records every robots.txt fetched. */
function web(clock: { now: number }, carried: (host: string, now: number) => string[] = () => []) {
  const looks: { host: string; at: number }[] = [];
  const client = {
    async request(req: { url: string }) {
      const url = new URL(req.url);
      if (url.pathname === "/robots.txt") looks.push({ host: url.hostname, at: clock.now });
      const body = Buffer.from(
        `${carried(url.hostname, clock.now)
          .map((t) => `# ${t}\n`)
          .join("")}User-agent: *\nDisallow:\n`,
      );
      return { sent: true, result: { outcome: "ok", body } } as never;
    },
  };
  return { looks, client };
}

describe("one look per domain and due time (POL-1, PUB-2)", () => {
  it("POL-1: ten requests for one domain whose tokens never appear cost it the looks of one request over 7 days", async () => {
    for (let i = 0; i < 10; i++) await request("muchas.example", `hemeroscopio-exclusion-muchas-${i}`);
    await request("sola.example", "hemeroscopio-exclusion-sola-0");
    const clock = { now: START };
    const { looks, client } = web(clock);
    const verifier = createExclusionVerifier({ db: database.db, client, now: () => clock.now });
    const signal = new AbortController().signal;
    while (clock.now < START + 7 * DAY) {
      await verifier.verifyDue(signal);
      clock.now += clock.now - START < 3_600_000 ? 60_000 : 10 * 60_000;
    }
    const many = looks.filter((l) => l.host === "muchas.example").map((l) => l.at);
    const single = looks.filter((l) => l.host === "sola.example").map((l) => l.at);
    // Same schedule as a domain with a single request, and never two looks at one instant.
    expect(many).toEqual(single);
    expect(new Set(many).size).toBe(many.length);
    expect(many.length).toBeGreaterThan(20);
    expect(many.length).toBeLessThan(60);
    const checks = await database.db.execute<{ checks: number }>(sql`select checks from exclusions where domain = 'muchas.example'`);
    expect(checks.map((r) => r.checks)).toEqual(Array(10).fill(many.length));
  });

  it("PUB-2: a shared look verifies exactly the tokens the domain carries, and the rest go on waiting", async () => {
    const tokens = ["hemeroscopio-exclusion-tres-a", "hemeroscopio-exclusion-tres-b", "hemeroscopio-exclusion-tres-c"];
    for (const t of tokens) await request("tres.example", t, START + 8 * DAY);
    const clock = { now: START + 8 * DAY };
    const { looks, client } = web(clock, (host) => (host === "tres.example" ? [tokens[1]!] : []));
    const verifier = createExclusionVerifier({ db: database.db, client, now: () => clock.now });
    expect(await verifier.verifyDue(new AbortController().signal)).toBe(1);
    expect(looks.filter((l) => l.host === "tres.example")).toHaveLength(1);
    const rows = await database.db.execute<{ token: string; verified: boolean; checks: number }>(sql`
      select token, verified_at is not null as verified, checks from exclusions where domain = 'tres.example' order by token`);
    expect(rows).toEqual([
      { token: tokens[0], verified: false, checks: 1 },
      { token: tokens[1], verified: true, checks: 1 },
      { token: tokens[2], verified: false, checks: 1 },
    ]);
  });

  it("POL-1: two workers due at the same instant look at a domain once between them", async () => {
    for (let i = 0; i < 6; i++) await request("dos.example", `hemeroscopio-exclusion-dos-${i}`, START + 9 * DAY);
    const clock = { now: START + 9 * DAY };
    const { looks, client } = web(clock);
    const workers = [0, 1].map(() => createExclusionVerifier({ db: database.db, client, now: () => clock.now }));
    await Promise.all(workers.map((w) => w.verifyDue(new AbortController().signal)));
    expect(looks.filter((l) => l.host === "dos.example")).toHaveLength(1);
  });
});
