/**
 * A release's changes to public pages reach the corrections log by themselves, once, at the
 * first start of the release (SPEC WEB-1).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootstrapData } from "../../../db/bootstrap";
import { publishReleaseNotes } from "../../../db/release-notes";
import { parseChangelog } from "../../../lib/changelog";
import { readChangelog } from "../../../lib/changelog-file";
import { createLogger } from "../../../lib/log";
import type { Database } from "../../../db/client";
import { createTestDatabase } from "../../support/database";

const silent = createLogger({ component: "test", write: () => {} });
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const entries = () =>
  database.db.execute<{ day: string; title: string; details: string }>(sql`
  select day::text as day, title, details from corrections order by day, id`);

describe("release notes in Correcciones", () => {
  it("WEB-1: every start publishes the shipped changelog's page lines once, dated with their release", async () => {
    await bootstrapData(database.db, [], silent);
    await bootstrapData(database.db, [], silent); // a restart, or the worker starting after `npm start`
    const shipped = readChangelog().flatMap((r) => r.pageChanges.map((c) => ({ day: r.day, details: c.text })));
    expect(shipped.length).toBeGreaterThan(0);
    const logged = await entries();
    expect(logged.map(({ day, details }) => ({ day, details }))).toEqual(expect.arrayContaining(shipped));
    expect(logged).toHaveLength(shipped.length);
    expect(logged.find((e) => e.title.startsWith("El bot"))?.title).toMatch(/^El bot: versión \d+\.\d+\.\d+$/);
  });

  it("WEB-1: a new release adds only its own lines; an entry the operator deleted is not written again", async () => {
    await database.db.execute(sql`delete from corrections where title like 'El bot%'`);
    const next = parseChangelog(
      `## 9.0.0 (2027-03-01)\n\n- /bot: Leemos los mapas del sitio cada hora.\n- Faster parser.\n\n` +
        readChangelog()
          .map((r) => `## ${r.version} (${r.day})\n\n${r.pageChanges.map((c) => `- ${c.path}: ${c.text}`).join("\n")}\n`)
          .join("\n"),
    );
    expect(await publishReleaseNotes(database.db, next)).toBe(1);
    const logged = await entries();
    expect(logged.filter((e) => e.title.startsWith("El bot"))).toEqual([
      { day: "2027-03-01", title: "El bot: versión 9.0.0", details: "Leemos los mapas del sitio cada hora." },
    ]);
  });
});
