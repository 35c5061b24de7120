/**
 * The operator's login, first-run setup and recovery, through their real route handlers on
 * a real PostgreSQL (SPEC ADM-1, SEC-5): wrong passphrases slow down the address that sent
 * them and never lock the account for anyone else; each attempt takes its slot atomically
 * before the check; setup needs the code `npm start` prints; recovery needs the code the
 * site prints in its log.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "../../../db/client";
import { recoveryCode, setupCode } from "../../../lib/admin/one-time-codes";
import { issueFormToken } from "../../../lib/forms/guard";
import { readOrCreateSecret } from "../../../lib/forms/secret-file";
import { createLogger } from "../../../lib/log";
import { announceSetupCode } from "../../../scripts/setup-code";
import { createTestDatabase } from "../../support/database";

type Handler = (request: Request) => Promise<Response>;
let database: Database;
let dataDir: string;
let secret: string;
let login: Handler;
let setup: Handler;
let askRecovery: Handler;
let recover: Handler;
const PASSPHRASE = "una frase de paso larga";
const SITE = "http://127.0.0.1:3000";
let clock = Date.parse("2026-11-20T12:00:00Z");

function post(route: string, form: string, fields: Record<string, string>, address: string): Request {
  const body = new URLSearchParams({ ficha: issueFormToken(secret, form, clock - 5_000), ...fields });
  return new Request(`${SITE}${route}`, {
    method: "POST",
    body,
    headers: { host: "127.0.0.1:3000", origin: SITE, "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": address },
  });
}
const tryLogin = (clave: string, address: string) => login(post("/admin/entrar/enviar", "login", { clave }, address));
const advance = (ms: number) => {
  clock += ms;
  vi.setSystemTime(clock);
};
const audited = async (action: string) =>
  (await database.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log where action = ${action}`))[0]!.n;

beforeAll(async () => {
  database = await createTestDatabase(4);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hemeroscopio-login-"));
  secret = readOrCreateSecret(dataDir);
  vi.stubEnv("DATABASE_URL", database.url);
  vi.stubEnv("HEMEROSCOPIO_DATA_DIR", dataDir);
  vi.stubEnv("HEMEROSCOPIO_OPERATOR_PASSWORD_HASH", "");
  login = (await import("../../../app/admin/entrar/enviar/route")).POST;
  setup = (await import("../../../app/admin/configurar/enviar/route")).POST;
  askRecovery = (await import("../../../app/admin/recuperar/codigo/route")).POST;
  recover = (await import("../../../app/admin/recuperar/enviar/route")).POST;
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(clock);
});
afterEach(() => {
  vi.useRealTimers();
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await (await import("../../../db/server")).database().then(
    (d) => d.sql.end({ timeout: 1 }),
    () => {},
  );
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("first-run setup (SEC-5)", () => {
  it("SEC-5: npm start prints a setup code while no operator exists; without it /admin/configurar creates nobody", async () => {
    const lines: string[] = [];
    const log = createLogger({ component: "start", write: (line) => void lines.push(line) });
    const code = await announceSetupCode(database.sql, { dataDir, host: "127.0.0.1", port: 3000 }, log);
    expect(code).toBe(setupCode(secret));
    expect(lines.join("\n")).toContain(code!);
    const fields = { clave: PASSPHRASE, repite: PASSPHRASE };
    const without = await setup(post("/admin/configurar/enviar", "setup", fields, "203.0.113.1"));
    expect(without.status).toBe(403);
    advance(2_000);
    const wrong = await setup(post("/admin/configurar/enviar", "setup", { ...fields, codigo: "AAAA-BBBB-CCCC-DDDD" }, "203.0.113.1"));
    expect(wrong.status).toBe(403);
    expect(await wrong.text()).toContain("código de configuración");
    expect((await database.db.execute(sql`select 1 from operator`)).length).toBe(0);
    advance(2_000);
    const right = await setup(
      post("/admin/configurar/enviar", "setup", { ...fields, codigo: code!.toLowerCase().replace(/-/g, " ") }, "198.51.100.2"),
    );
    expect(right.status).toBe(303);
    expect(right.headers.get("set-cookie")).toMatch(/^hemeroscopio-admin=/);
    expect(await announceSetupCode(database.sql, { dataDir, host: "127.0.0.1", port: 3000 }, log)).toBeUndefined();
  });
});

describe("login throttling per address (SEC-5)", () => {
  it("SEC-5: many wrong passphrases from one address never lock the operator out from another", async () => {
    const attacker = "203.0.113.66";
    let checked = 0;
    for (let i = 0; i < 8; i++) {
      const answer = await tryLogin(`mal ${i} ${"x".repeat(12)}`, attacker);
      if (answer.status === 401) checked++;
      else expect(answer.status).toBe(429);
      advance(3_000);
    }
    expect(checked).toBeGreaterThanOrEqual(5);
    // The attacker now waits longer and longer after each guess…
    advance(60_000);
    expect((await tryLogin("una más xxxxxxxxxx", attacker)).status).toBe(401);
    const slowed = await tryLogin("otra más", attacker);
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get("retry-after"))).toBeGreaterThan(3);
    expect(await slowed.text()).toContain("Demasiados intentos desde esta dirección");
    // …while the operator, elsewhere, is let in at once.
    const operator = await tryLogin(PASSPHRASE, "198.51.100.2");
    expect(operator.status).toBe(303);
    expect(operator.headers.get("set-cookie")).toMatch(/^hemeroscopio-admin=/);
  });

  it("SEC-5: the delay grows with each wrong passphrase and a right one clears it", async () => {
    const address = "203.0.113.77";
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      expect((await tryLogin(`equivocada ${i} xxxxxxxx`, address)).status).toBe(401);
      const refused = await tryLogin("de inmediato xxxxxxxx", address);
      expect(refused.status).toBe(429);
      const wait = Number(refused.headers.get("retry-after"));
      waits.push(wait);
      advance(wait * 1000);
    }
    expect(waits.slice(2)).toEqual([...waits.slice(2)].sort((a, b) => a - b));
    expect(waits.at(-1)!).toBeGreaterThan(waits[0]!);
    expect((await tryLogin(PASSPHRASE, address)).status).toBe(303);
    advance(1_000);
    expect((await tryLogin("de nuevo mal xxxxxxxx", address)).status).toBe(401);
    advance(1_000);
    expect((await tryLogin(PASSPHRASE, address)).status).toBe(303);
  });

  it("SEC-5: behind an HTTPS proxy the session cookie is __Host- and Secure", async () => {
    advance(60_000);
    const request = new Request(`${SITE}/admin/entrar/enviar`, {
      method: "POST",
      body: new URLSearchParams({ ficha: issueFormToken(secret, "login", clock - 5_000), clave: PASSPHRASE }),
      headers: {
        host: "observatorio.example",
        origin: "https://observatorio.example",
        "x-forwarded-proto": "https",
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": "198.51.100.20",
      },
    });
    const answer = await login(request);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("set-cookie")).toMatch(/^__Host-hemeroscopio-admin=[^;]+; Path=\/;.*; Secure$/);
    advance(60_000);
    const fromPlainPage = new Request(`${SITE}/admin/entrar/enviar`, {
      method: "POST",
      body: new URLSearchParams({ ficha: issueFormToken(secret, "login", clock - 5_000), clave: PASSPHRASE }),
      headers: {
        host: "observatorio.example",
        origin: "http://observatorio.example",
        "x-forwarded-proto": "https",
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": "198.51.100.20",
      },
    });
    expect((await login(fromPlainPage)).status).toBe(403);
  });

  it("SEC-5: ten parallel guesses from one address take one slot: one passphrase check, nine refusals", async () => {
    advance(3_600_000);
    const before = await audited("login.failed");
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => tryLogin(`paralela ${i} xxxxxxxx`, "203.0.113.99")));
    expect(answers.map((a) => a.status).sort()).toEqual([401, 429, 429, 429, 429, 429, 429, 429, 429, 429]);
    expect((await audited("login.failed")) - before).toBe(1);
  });
});

describe("sign-in form tokens are spent once (SEC-2, SEC-5)", () => {
  it("SEC-2: a login token that carried one attempt is refused the second time, from any address, before any passphrase check", async () => {
    advance(3_600_000);
    const ficha = issueFormToken(secret, "login", clock - 5_000);
    const withToken = (clave: string, address: string) =>
      new Request(`${SITE}/admin/entrar/enviar`, {
        method: "POST",
        body: new URLSearchParams({ ficha, clave }),
        headers: { host: "127.0.0.1:3000", origin: SITE, "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": address },
      });
    expect((await login(withToken("primera xxxxxxxxxxxx", "203.0.113.120"))).status).toBe(401);
    advance(60_000);
    const before = await audited("login.failed");
    const replay = await login(withToken(PASSPHRASE, "198.51.100.121"));
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain("ya se envió una vez");
    expect(replay.headers.get("set-cookie")).toBeNull();
    expect(await audited("login.failed")).toBe(before);
  });
});

describe("recovery with a code from the server's log (ADM-1)", () => {
  it("ADM-1: asking prints a code in the log; with it the operator sets a new passphrase, once", async () => {
    advance(3_600_000);
    const lines: string[] = [];
    const write = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => (lines.push(String(chunk)), true));
    const asked = await askRecovery(post("/admin/recuperar/codigo", "recovery-ask", {}, "198.51.100.2"));
    write.mockRestore();
    expect(asked.status).toBe(303);
    expect(asked.headers.get("location")).toBe("/admin/recuperar?pedido=1");
    const [{ password_hash: hash }] = (await database.db.execute<{ password_hash: string }>(
      sql`select password_hash from operator`,
    )) as unknown as [{ password_hash: string }];
    const code = recoveryCode(secret, hash, clock);
    expect(lines.join("")).toContain(code);
    const fresh = "otra frase de paso nueva";
    advance(2_000);
    const wrong = await recover(
      post("/admin/recuperar/enviar", "recovery", { codigo: "AAAA-AAAA-AAAA-AAAA", clave: fresh, repite: fresh }, "198.51.100.2"),
    );
    expect(wrong.status).toBe(403);
    advance(2_000);
    const right = await recover(post("/admin/recuperar/enviar", "recovery", { codigo: code, clave: fresh, repite: fresh }, "198.51.100.2"));
    expect(right.status).toBe(303);
    expect(right.headers.get("set-cookie")).toMatch(/^hemeroscopio-admin=/);
    advance(2_000);
    const again = await recover(
      post("/admin/recuperar/enviar", "recovery", { codigo: code, clave: PASSPHRASE, repite: PASSPHRASE }, "198.51.100.3"),
    );
    expect(again.status).toBe(403);
    advance(2_000);
    expect((await tryLogin(fresh, "198.51.100.4")).status).toBe(303);
  });
});
