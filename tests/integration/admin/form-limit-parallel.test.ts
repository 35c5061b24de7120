/**
 * SEC-2: the hourly per-address limit of the public forms holds when one address fires its
 * posts all at once — each with a fresh, valid token — and a NUL in a form body is a 400 that
 * says why, not a 503 that says the service is down (SEC-6). Real PostgreSQL, no timing.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { allowSubmission } from "../../../db/queries/forms/exclusions";
import { issueFormToken } from "../../../lib/forms/guard";
import { handlePublicForm, type PublicFormSpec } from "../../../app/_lib/forms/public-post";
import { createTestDatabase } from "../../support/database";

let database: Database;
const SECRET = "secreto-de-prueba";
const NOW = Date.parse("2026-11-20T12:00:00Z");
const stored: string[] = [];
const spec: PublicFormSpec<string> = {
  form: "reply",
  back: "/replicas",
  maxBytes: 4096,
  perHour: 5,
  parse: (fields) => ({ ok: true, value: fields.texto ?? "" }),
  store: async (db, value) => {
    await db.execute(sql`select ${value}::text`); // reaches PostgreSQL like a real store does
    stored.push(value);
    return "/replicas?enviada=1";
  },
};

beforeAll(async () => {
  database = await createTestDatabase(14);
});
afterAll(async () => {
  await database?.close();
});

function post(body: string, address: string): Promise<Response> {
  const request = new Request("http://127.0.0.1:3000/replicas/enviar", {
    method: "POST",
    body,
    headers: {
      host: "127.0.0.1:3000",
      origin: "http://127.0.0.1:3000",
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-for": address,
    },
  });
  return handlePublicForm(request, spec, { secret: SECRET, db: async () => database.db, now: NOW });
}

describe("parallel posts from one address (SEC-2, SEC-7)", () => {
  it("SEC-2, SEC-7: 12 parallel replies with fresh tokens from one address: exactly 5 accepted, 7 refused with 429", async () => {
    const bodies = Array.from({ length: 12 }, (_, i) =>
      new URLSearchParams({ ficha: issueFormToken(SECRET, "reply", NOW - 10_000 - i), texto: `réplica ${i}` }).toString(),
    );
    const statuses = (await Promise.all(bodies.map((body) => post(body, "203.0.113.40")))).map((r) => r.status);
    expect(statuses.filter((s) => s === 303)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    expect(stored).toHaveLength(5);
    // Another address has its own five.
    expect(
      (await post(new URLSearchParams({ ficha: issueFormToken(SECRET, "reply", NOW - 9_000), texto: "otra" }).toString(), "198.51.100.3"))
        .status,
    ).toBe(303);
  });

  it("SEC-2, SEC-5, SEC-7: the count is exact for every counted form (bylines, exclusion requests, recovery codes) under 20 parallel calls", async () => {
    for (const form of ["byline", "exclusion", "recovery-ask"]) {
      const calls = Array.from({ length: 20 }, () =>
        allowSubmission(database.db, { form, addressKey: `k-${form}`, now: NOW, limit: 3, windowMs: 3_600_000 }),
      );
      expect((await Promise.all(calls)).filter(Boolean), form).toHaveLength(3);
    }
  });

  it("SEC-6: a NUL in a reply is refused with 400 and a reason about the field, and nothing is stored", async () => {
    const before = stored.length;
    const body = new URLSearchParams({ ficha: issueFormToken(SECRET, "reply", NOW - 8_000), texto: "hola\u0000mundo" }).toString();
    const answer = await post(body, "192.0.2.77");
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain("caracteres de control");
    expect(stored).toHaveLength(before);
  });
});
