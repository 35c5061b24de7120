/**
 * An exclusion request whose token never appears (SPEC PUB-2, POL-1): the worker looks for
 * it every 2 minutes for the first 10, then backs off, doubling the gap after each failed
 * look up to 6 hours, so a request naming any public domain cannot make us poll it every
 * 2 minutes for 7 days. A token that appears late is still found within one gap.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { sqlTime } from "../../../db/sql-time";
import { CHECK_EVERY_MS, createExclusionVerifier, lookGapMs, MAX_LOOK_GAP_MS } from "../../../crawler/jobs/verify-exclusions";
import { createTestDatabase } from "../../support/database";

const START = Date.parse("2026-11-20T12:00:00Z");
const DAY = 86_400_000;
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase(2);
});

afterAll(async () => {
  await database?.close();
});

/** Runs the verifier every `step` of simulated time until `until`; the instants it looked (robots.txt requests). */
async function simulate(
  domain: string,
  token: string,
  until: number,
  tokenFrom = Infinity,
): Promise<{ looks: number[]; verifiedAt?: number }> {
  await database.db.execute(
    sql`insert into exclusions (domain, scope, channel, token, received_at) values (${domain}, 'total', 'form', ${token}, ${sqlTime(START)})`,
  );
  let now = START;
  const looks: number[] = [];
  const client = {
    async request(req: { url: string }) {
      if (req.url.endsWith("/robots.txt")) looks.push(now);
      const body = Buffer.from(now >= tokenFrom ? `# ${token}\nUser-agent: *\n` : "User-agent: *\nDisallow:\n");
      return { sent: true, result: { outcome: "ok", body } } as never;
    },
  };
  const verifier = createExclusionVerifier({ db: database.db, client, now: () => now });
  const signal = new AbortController().signal;
  while (now < until) {
    if ((await verifier.verifyDue(signal)) > 0) return { looks, verifiedAt: now };
    now += now - START < 3_600_000 ? 60_000 : 10 * 60_000;
  }
  return { looks };
}

describe("looking for an exclusion token (PUB-2, POL-1)", () => {
  it("POL-1: a token that never appears is looked for every 2 minutes at first, then ever less often: about 40 looks in 7 days, not 5,000", async () => {
    const { looks } = await simulate("nunca.example", "hemeroscopio-exclusion-nunca-0001", START + 7 * DAY);
    const gaps = looks.slice(1).map((t, i) => t - looks[i]!);
    expect(gaps.slice(0, 4).every((g) => g === CHECK_EVERY_MS)).toBe(true);
    for (let i = 1; i < gaps.length; i++) expect(gaps[i]!).toBeGreaterThanOrEqual(gaps[i - 1]!);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(MAX_LOOK_GAP_MS + 10 * 60_000);
    expect(looks.length).toBeGreaterThan(20);
    expect(looks.length).toBeLessThan(60);
    const [row] = await database.db.execute<{ checks: number }>(sql`select checks from exclusions where domain = 'nunca.example'`);
    expect(row!.checks).toBe(looks.length);
  });

  it("PUB-2: a token placed on the third day is found within one gap of its appearance", async () => {
    const appears = START + 3 * DAY;
    const { verifiedAt } = await simulate("tarde.example", "hemeroscopio-exclusion-tarde-0002", START + 7 * DAY, appears);
    expect(verifiedAt).toBeDefined();
    expect(verifiedAt! - appears).toBeLessThanOrEqual(MAX_LOOK_GAP_MS + 10 * 60_000);
  });

  it("POL-1: the gap after n looks without the token: 2 min for the first five, then doubling up to 6 h", () => {
    expect([0, 1, 2, 3, 4].map(lookGapMs)).toEqual(Array(5).fill(CHECK_EVERY_MS));
    expect([5, 6, 7].map(lookGapMs)).toEqual([4, 8, 16].map((m) => m * 60_000));
    expect(lookGapMs(100)).toBe(MAX_LOOK_GAP_MS);
  });
});
