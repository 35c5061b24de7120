/**
 * A render's statements are followed so they can be cancelled (db/cancellable-queries.ts), but
 * their rows are not kept by it: an export walks a hundred pages of rows inside one render, and
 * each page must be free once the next is read (SEC-7: two exports at once filled a renderer's
 * heap when every page stayed until the end). Measured with the heap after full collections.
 */
import v8 from "node:v8";
import vm from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withinRender } from "../../../db/cancellable-queries";
import { openReadDatabase, type Database } from "../../../db/client";
import { createEmptyDatabase } from "../../support/database";

v8.setFlagsFromString("--expose-gc");
const collect = vm.runInNewContext("gc") as () => void;

let empty: { url: string; drop(): Promise<void> };
let database: Database;

beforeAll(async () => {
  empty = await createEmptyDatabase();
  database = openReadDatabase(empty.url, { maxConnections: 2, cancelWithRenders: true });
});

afterAll(async () => {
  await database?.close();
  await empty?.drop();
});

function heapMiB(): number {
  collect();
  collect();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

describe("a render's statements (SEC-7)", () => {
  it("SEC-7: pages of rows read one after another inside a render are not kept until it ends", async () => {
    const abandoned = new AbortController();
    const growth = await withinRender(abandoned.signal, async () => {
      const before = heapMiB();
      let rows = 0;
      // 40 pages of 2,000 rows of 500 characters: about 80 MiB of strings if every page stayed.
      for (let page = 0; page < 40; page++) {
        const result = await database.sql`select repeat(md5(${String(page)} || i::text), 16) as text from generate_series(1, 2000) as i`;
        rows += result.length;
      }
      expect(rows).toBe(80_000);
      return heapMiB() - before;
    });
    expect(growth).toBeLessThan(10);
  });
});
