/**
 * A public form token is spent by the first submission it carries (SPEC SEC-2): before, one
 * token fetched from a page could post for its two hours. What a form stores carries the
 * site's time (PUB-4).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { issueFormToken } from "../../../lib/forms/guard";
import { handlePublicForm, USED_TOKEN, type PublicFormSpec } from "../../../app/_lib/forms/public-post";
import { createTestDatabase } from "../../support/database";
import { spendFormToken } from "../../../db/queries/forms/form-tokens";

let database: Database;
const SECRET = "secreto-de-prueba";
const NOW = Date.parse("2026-11-20T12:00:00Z");
const stored: string[] = [];
const spec: PublicFormSpec<string> = {
  form: "prueba",
  back: "/replicas",
  maxBytes: 4096,
  perHour: 50,
  parse: (fields) => ({ ok: true, value: fields.texto ?? "" }),
  store: async (_db, value) => (stored.push(value), "/replicas?enviada=1"),
};

beforeAll(async () => {
  database = await createTestDatabase(10);
});
afterAll(async () => {
  await database?.close();
});

function submit(token: string, texto: string, address = "203.0.113.5"): Promise<Response> {
  const request = new Request("http://127.0.0.1:3000/replicas/enviar", {
    method: "POST",
    body: new URLSearchParams({ ficha: token, texto }),
    headers: {
      host: "127.0.0.1:3000",
      origin: "http://127.0.0.1:3000",
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-for": address,
    },
  });
  return handlePublicForm(request, spec, { secret: SECRET, db: async () => database.db, now: NOW });
}

describe("public form tokens are spent once (SEC-2)", () => {
  it("SEC-2: a token that carried one submission is refused the second time, from any address; a fresh one works", async () => {
    const token = issueFormToken(SECRET, "prueba", NOW - 10_000);
    expect((await submit(token, "primera")).status).toBe(303);
    const replay = await submit(token, "segunda", "198.51.100.9");
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain(USED_TOKEN.slice(0, 30));
    expect((await submit(issueFormToken(SECRET, "prueba", NOW - 9_000), "tercera")).status).toBe(303);
    expect(stored).toEqual(["primera", "tercera"]);
  });

  it("SEC-2: a token being spent by one post is not spent again by a post arriving before the first has committed", async () => {
    const token = issueFormToken(SECRET, "prueba", NOW - 5_000);
    let second: Promise<boolean> | undefined;
    await database.db.transaction(async (first) => {
      expect(await spendFormToken(first, "prueba", token, NOW)).toBe(true);
      second = spendFormToken(database.db, "prueba", token, NOW);
      // The second waits for the first to commit instead of passing the check beside it.
      expect(await Promise.race([second, new Promise((r) => setTimeout(() => r("waiting"), 500))])).toBe("waiting");
    });
    expect(await second).toBe(false);
  });

  it("PUB-4: what a form stores is stamped on the site's clock (the demo's faster one), while its token is checked on the wall clock", async () => {
    const stamps: number[] = [];
    const request = new Request("http://127.0.0.1:3000/replicas/enviar", {
      method: "POST",
      body: new URLSearchParams({ ficha: issueFormToken(SECRET, "prueba", NOW - 8_000), texto: "sellada" }),
      headers: {
        host: "127.0.0.1:3000",
        origin: "http://127.0.0.1:3000",
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": "192.0.2.7",
      },
    });
    const stamping: PublicFormSpec<string> = { ...spec, store: async (_db, _value, at) => (stamps.push(at), "/replicas?enviada=1") };
    const recordedAt = NOW + 20 * 3_600_000;
    expect((await handlePublicForm(request, stamping, { secret: SECRET, db: async () => database.db, now: NOW, recordedAt })).status).toBe(
      303,
    );
    expect(stamps).toEqual([recordedAt]);
  });
});
