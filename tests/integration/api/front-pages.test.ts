/** The front page at an instant in the open-data API (WEB-3, WEB-5): the same page the site shows, as JSON. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { answerApi } from "../../../app/_lib/api/answer";
import { FRONT_PAGE_FIELDS, FRONT_PAGE_LINK_FIELDS } from "../../../app/_lib/api/front-page-docs";
import { frontPageEndpoint } from "../../../app/_lib/api/front-page-endpoint";
import { createTestDatabase } from "../../support/database";
import { addArticle, addCaptures, addExclusion, addFrontPages, addOutlet, HOUR, MINUTE } from "../../support/page-fixtures";

const NOW = Date.parse("2026-11-20T12:00:00Z");
let database: Database;
let a: number, b: number;

async function call(
  path: string,
): Promise<{ status: number; body: { data?: Record<string, unknown>; error?: { code: string; parameter?: string } } }> {
  const url = new URL(path, "http://api.test");
  const slug = url.pathname.split("/").pop()!;
  const response = await answerApi(
    async () => database.db,
    new Request(url),
    (ctx, req) => frontPageEndpoint(ctx, req, slug),
    (error) => {
      throw error;
    },
    NOW,
  );
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  database = await createTestDatabase(4);
  const { db } = database;
  const outletId = await addOutlet(db, "abierto", "El Abierto");
  a = await addArticle(db, { outletId, path: "/a", firstSeenAt: NOW - 5 * HOUR, headlines: [["Titular de A", NOW - 5 * HOUR, NOW]] });
  b = await addArticle(db, { outletId, path: "/b", firstSeenAt: NOW - 5 * HOUR, headlines: [["Titular de B", NOW - 5 * HOUR, NOW]] });
  await addFrontPages(db, outletId, [
    [NOW - 4 * HOUR, [a, b]],
    [NOW - 3 * HOUR, [b, a]],
  ]);
  await addCaptures(db, outletId, [[NOW - 2 * HOUR, "timeout"]]);
  const secret = await addOutlet(db, "discreto", "El Discreto");
  await addExclusion(db, secret, "sin-posicion", NOW - 10 * HOUR);
  const quiet = await addOutlet(db, "callado", "El Callado");
  await addExclusion(db, quiet, "sin-titulares-literales", NOW - 10 * HOUR);
  const c = await addArticle(db, {
    outletId: quiet,
    path: "/c",
    firstSeenAt: NOW - 5 * HOUR,
    headlines: [["Titular de C", NOW - 5 * HOUR, NOW]],
  });
  await addFrontPages(db, quiet, [[NOW - 4 * HOUR, [c]]]);
});
afterAll(async () => {
  await database.close();
});

describe("GET /api/v1/front-pages/{outlet}", () => {
  it("WEB-5: the links at an instant, in order, with the captures around it and only documented fields (WEB-3)", async () => {
    const { status, body } = await call(`/api/v1/front-pages/abierto?at=${new Date(NOW - 3 * HOUR + 10 * MINUTE).toISOString()}`);
    expect(status).toBe(200);
    const data = body.data!;
    expect(Object.keys(data).sort()).toEqual(Object.keys(FRONT_PAGE_FIELDS).sort());
    expect(data).toMatchObject({
      outlet: "abierto",
      state: "captured",
      state_since: null,
      captured_at: new Date(NOW - 3 * HOUR).toISOString(),
      previous_capture_at: new Date(NOW - 4 * HOUR).toISOString(),
      next_capture_at: null,
    });
    const links = data.links as Record<string, unknown>[];
    expect(links.map((l) => [l.rank, l.article_id, l.headline, l.best_rank])).toEqual([
      [1, b, "Titular de B", 1],
      [2, a, "Titular de A", 1],
    ]);
    for (const l of links) expect(Object.keys(l).sort()).toEqual(Object.keys(FRONT_PAGE_LINK_FIELDS).sort());
    expect(links[0]!.on_front_page_since).toBe(new Date(NOW - 4 * HOUR).toISOString());
  });

  it("WEB-5: an instant in a failed period or before the first capture says so", async () => {
    const failed = await call(`/api/v1/front-pages/abierto?at=${new Date(NOW - HOUR).toISOString()}`);
    expect(failed.body.data).toMatchObject({ state: "failed", state_since: new Date(NOW - 2 * HOUR).toISOString() });
    const before = await call("/api/v1/front-pages/abierto?at=2026-11-19");
    expect(before.body.data).toMatchObject({ state: "before-first", captured_at: null, links: [] });
  });

  it("PUB-6: positions withheld is a 404; headlines withheld are null with headline_withheld", async () => {
    expect((await call("/api/v1/front-pages/discreto")).status).toBe(404);
    const quiet = await call("/api/v1/front-pages/callado");
    expect((quiet.body.data!.links as Record<string, unknown>[])[0]).toMatchObject({ headline: null, headline_withheld: true });
  });

  it("WEB-3: a bad or unknown parameter is a 400 naming it; an unknown outlet a 404", async () => {
    expect(await call("/api/v1/front-pages/abierto?at=ayer")).toMatchObject({
      status: 400,
      body: { error: { code: "bad_parameter", parameter: "at" } },
    });
    expect(await call("/api/v1/front-pages/abierto?desde=1")).toMatchObject({
      status: 400,
      body: { error: { code: "unknown_parameter" } },
    });
    expect((await call("/api/v1/front-pages/nadie")).status).toBe(404);
  });
});
