/**
 * A publisher's minimum pause between requests (PUB-7 "pausa-minima") in the polite client,
 * with real PostgreSQL, a scripted fetcher and a manual clock: requested through the form's
 * own parser and stored, it paces two workers once in force, from the next request on, and
 * stops pacing them once withdrawn.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { createExclusionRequest, exclusionRegister } from "../../../db/queries/forms/exclusions";
import { sqlTime } from "../../../db/sql-time";
import { manualClock } from "../../../lib/clock";
import { newVerificationToken, parseExclusionForm } from "../../../lib/exclusion-request";
import { createTestDatabase } from "../../support/database";
import { scripted, scriptedClient, withTime, type Call } from "../../support/scripted-fetcher";

let database: Database;
const T0 = Date.parse("2026-11-29T10:00:00Z");
const PAUSE_S = 45;
const signal = new AbortController().signal;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** Gaps between the starts of consecutive requests to the site, in clock ms. */
const gaps = (calls: Call[]) => calls.slice(1).map((c, i) => c.at - calls[i]!.at);

describe("a publisher's minimum pause between requests (PUB-7)", () => {
  it("PUB-7, POL-1: once applied, every worker leaves at least the pause between two requests to the domain; withdrawn, the usual gap returns", async () => {
    const clock = manualClock(T0);
    const calls: Call[] = [];
    const routes = Object.fromEntries(
      ["robots.txt", ...Array.from({ length: 8 }, (_, i) => String(i + 1))].map((p) => [`https://www.pausa.test/${p}`, { text: "" }]),
    );
    const { fetcher } = scripted(clock, routes, calls);
    const workers = [
      scriptedClient({ db: database.db, clock, fetcher, workerId: "w1" }),
      scriptedClient({ db: database.db, clock, fetcher, workerId: "w2" }),
    ];
    const get = (n: number) => withTime(clock, () => workers[n % 2]!.request({ url: `https://www.pausa.test/${n}`, kind: "page" }, signal));

    const parsed = parseExclusionForm({
      dominio: "www.pausa.test",
      alcance: "pausa-minima",
      pausa: String(PAUSE_S),
      contacto: "web@pausa.test",
    });
    if (!parsed.ok) throw new Error(parsed.reason);
    const token = newVerificationToken();
    await createExclusionRequest(database.db, parsed.value, token, clock.now());

    // Received but not yet proven: the usual 3–5 s pacing.
    await get(1);
    await get(2);
    const before = calls.length;
    expect(Math.max(...gaps(calls))).toBeLessThan(PAUSE_S * 1000);

    // The verifier found the code: the request is in force from now on.
    await database.db.execute(
      sql`update exclusions set verified_at = ${sqlTime(clock.now())}, applied_at = ${sqlTime(clock.now())}, pending_reason = null where token = ${token}`,
    );
    for (const n of [3, 4, 5, 6]) await get(n);
    const slowed = calls.slice(before);
    expect(slowed.map((c) => c.url)).toEqual([3, 4, 5, 6].map((n) => `https://www.pausa.test/${n}`));
    // The first request taken after it applied waits out the gap set before; every gap after it is the pause.
    for (const g of gaps(slowed)) expect(g).toBeGreaterThanOrEqual(PAUSE_S * 1000);

    const [register] = await exclusionRegister(database.db);
    expect(register).toMatchObject({ domain: "pausa.test", scope: "pausa-minima", minPauseSeconds: PAUSE_S });

    await database.db.execute(sql`update exclusions set withdrawn_at = ${sqlTime(clock.now())} where token = ${token}`);
    await get(7);
    await get(8);
    const [last, previous] = [calls.at(-1)!, calls.at(-2)!];
    expect(last.at - previous.at).toBeLessThan(PAUSE_S * 1000);
  });

  it("PUB-7: the table keeps the seconds to their own scope and range", async () => {
    const insert = (scope: string, seconds: number) =>
      database.db.execute(sql`
        insert into exclusions (domain, scope, channel, received_at, min_pause_seconds)
        values ('otro.test', ${scope}, 'form', ${sqlTime(T0)}, ${seconds})`);
    await expect(insert("pausa-minima", 9)).rejects.toThrow();
    await expect(insert("pausa-minima", 601)).rejects.toThrow();
    await expect(insert("portada-cada-hora", 60)).rejects.toThrow();
    await expect(insert("pausa-minima", 600)).resolves.toBeDefined();
  });
});
