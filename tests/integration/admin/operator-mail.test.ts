/**
 * ADM-3 mail: the worker mails the operator every new item of the attention list, once, in
 * Spanish plain text, a digest when several arrive at once; a failed send is retried later and
 * never stops the worker. Against a real SMTP server on loopback and a real database.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { importOutlets } from "../../../db/outlets";
import { createReply } from "../../../db/admin-requests";
import { sqlTime } from "../../../db/sql-time";
import { runMailRound } from "../../../crawler/notify/mail-round";
import { createMailSender } from "../../../crawler/notify/mailer";
import { runOperatorMail } from "../../../crawler/notify/operator-mail";
import { retryDelayMs } from "../../../crawler/notify/operator-notices";
import { createWorkerEventRecorder } from "../../../crawler/record/worker-events";
import { manualClock } from "../../../lib/clock";
import { createLogger } from "../../../lib/log";
import { createTestDatabase } from "../../support/database";
import { startSmtpInbox } from "../../support/smtp-inbox";

const NOW = Date.parse("2026-11-20T12:00:00Z");
const HOUR = 3_600_000;
const SITE = "https://observatorio.example";
let database: Database;
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
let mailer: ReturnType<typeof createMailSender>;
let outletId: number;

beforeAll(async () => {
  [database, inbox] = await Promise.all([createTestDatabase(4), startSmtpInbox()]);
  mailer = createMailSender({ smtpUrl: inbox.url, to: "operadora@observatorio.example", from: "bot@observatorio.example" });
  await importOutlets(database.db, [
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
  const [row] = await database.db.execute<{ id: number }>(sql`select id from outlets where slug = 'diario-uno'`);
  outletId = row!.id;
});
afterAll(async () => {
  mailer?.close();
  await Promise.all([database?.close(), inbox?.close()]);
});

const round = (now: number) => runMailRound({ db: database.db, now, send: mailer.send, siteUrl: SITE });

async function workerError(at: number, error: string): Promise<void> {
  const recorder = createWorkerEventRecorder({ workerId: "w1" });
  recorder.attach(database.db);
  createLogger({ component: "worker", now: () => at, write: (line) => recorder.push(line) }).error("housekeeping.failed", { error });
  await recorder.close();
}

describe("mail to the operator", () => {
  it("ADM-3: a new attention item is mailed once, in Spanish plain text, with the link to where it is handled", async () => {
    expect(await round(NOW)).toEqual({ sent: 0 });
    await database.db.execute(sql`update sources set dead = true, failing_since = ${sqlTime(NOW - 30 * 24 * HOUR)} where kind = 'feed'`);
    expect(await round(NOW)).toEqual({ sent: 1 });
    expect(inbox.mails).toHaveLength(1);
    const mail = inbox.mails[0]!;
    expect(mail.to).toEqual(["operadora@observatorio.example"]);
    expect(mail.from).toBe("bot@observatorio.example");
    expect(mail.contentType).toMatch(/^text\/plain; charset=utf-8/i);
    expect(mail.subject).toBe("Hemeroscopio: Fuente muerta: Diario Uno (feed)");
    expect(mail.text).toContain("https://www.diariouno.test/rss no responde desde hace tiempo y ya no se consulta.");
    expect(mail.text).toContain(`${SITE}/admin/cabeceras`);
    expect(mail.text).toContain(`${SITE}/admin/atencion`);
    expect(mail.raw).not.toMatch(/<html|<p>/i);
    // Still on the list an hour and a day later: not mailed again.
    expect(await round(NOW + HOUR)).toEqual({ sent: 0 });
    expect(await round(NOW + 24 * HOUR)).toEqual({ sent: 0 });
    expect(inbox.mails).toHaveLength(1);
  });

  it("ADM-3: several items at once make one digest; a worker error that repeats is one item, mailed once", async () => {
    const now = NOW + 25 * HOUR;
    await createReply(database.db, {
      outletId,
      author: "Gabinete",
      contact: "g@diariouno.test",
      text: "Texto de la réplica",
      now: now - 4 * 24 * HOUR,
    });
    await database.db.execute(
      sql`update sources set extraction_failures = 3, extraction_failed_since = ${sqlTime(now - 5 * HOUR)}, last_extraction_failure_at = ${sqlTime(now - HOUR)} where kind = 'sitemap'`,
    );
    await workerError(now - 2 * HOUR, 'relation "x" does not exist');
    expect(await round(now)).toEqual({ sent: 3 });
    expect(inbox.mails).toHaveLength(2);
    const digest = inbox.mails[1]!;
    expect(digest.subject).toBe("Hemeroscopio: 3 avisos nuevos");
    expect(digest.text).toMatch(/^3 avisos nuevos necesitan tu atención:/);
    expect(digest.text).toContain("1. Plazo vencido: publicar o rechazar la réplica de Diario Uno");
    expect(digest.text).toContain("Extracción fallida 3 veces seguidas: Diario Uno (sitemap)");
    expect(digest.text).toContain("Error del rastreador: housekeeping.failed (1 en 24 h)");
    // The reply's own text is never in a mail (only what the attention list says).
    expect(digest.raw).not.toContain("Texto de la réplica");
    // The error happens again, and its oldest occurrence leaves the 24-hour window: same item, no mail.
    await workerError(now + HOUR, "again");
    expect(await round(now + 23 * HOUR)).toEqual({ sent: 0 });
    expect(inbox.mails).toHaveLength(2);
  });

  it("ADM-3: a refused send is retried later, with a growing delay, until the server takes it; an item that leaves the list and comes back is mailed again", async () => {
    const now = NOW + 50 * HOUR;
    await database.db.execute(sql`update sources set dead = false where kind = 'feed'`);
    await round(now); // the dead feed left the list: forgotten
    await database.db.execute(sql`update sources set dead = true where kind = 'feed'`);
    inbox.refuse(true);
    const failed = await round(now);
    expect(failed).toMatchObject({ sent: 0, failed: 1 });
    expect("error" in failed && failed.error).toMatch(/451|Try again later/);
    const [row] = await database.db.execute<{ attempts: number; sent_at: string | null }>(
      sql`select attempts, sent_at from operator_notices where key like 'dead-%'`,
    );
    expect(row).toEqual({ attempts: 1, sent_at: null });
    // Before the retry time nothing is tried; the second failure doubles the delay.
    expect(await round(now + retryDelayMs(1) - 1)).toEqual({ sent: 0 });
    expect(await round(now + retryDelayMs(1))).toMatchObject({ failed: 1 });
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));
    expect(await round(now + retryDelayMs(1) + retryDelayMs(2) - 1)).toEqual({ sent: 0 });
    inbox.refuse(false);
    const before = inbox.mails.length;
    expect(await round(now + retryDelayMs(1) + retryDelayMs(2))).toEqual({ sent: 1 });
    expect(inbox.mails.slice(before).map((m) => m.subject)).toEqual(["Hemeroscopio: Fuente muerta: Diario Uno (feed)"]);
  });

  it("ADM-3: the worker's mail loop survives a dead SMTP server and an unreadable database, and says the database is down once", async () => {
    const clock = manualClock(NOW + 80 * HOUR);
    const lines: string[] = [];
    const log = createLogger({ component: "worker", now: () => clock.now(), write: (line) => lines.push(line) });
    const deadDb = { execute: () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:5432")) } as unknown as Database["db"];
    const sent: string[] = [];
    let smtpUp = false;
    const send = async (m: { subject: string }) => {
      if (!smtpUp) throw new Error("connect ECONNREFUSED 127.0.0.1:25");
      sent.push(m.subject);
    };
    const stop = new AbortController();
    const loop = runOperatorMail({
      db: deadDb,
      clock,
      log,
      signal: stop.signal,
      send,
      siteUrl: SITE,
      workerId: "w1",
      everyMs: 60_000,
      downAfterMs: 5 * 60_000,
    });
    for (let minute = 0; minute < 12; minute++) {
      if (minute === 8) smtpUp = true;
      await new Promise((r) => setTimeout(r, 5));
      clock.advance(60_000);
    }
    await new Promise((r) => setTimeout(r, 5));
    stop.abort();
    await loop;
    expect(sent).toEqual(["Hemeroscopio: la base de datos no responde"]);
    expect(lines.some((l) => l.includes('"mail.failed"'))).toBe(true);
    expect(lines.filter((l) => l.includes('"mail.round_failed"')).length).toBeGreaterThanOrEqual(10);
  });

  it("ADM-3: three workers see the database go down, and the operator gets one mail about it, from the worker that held the watch", async () => {
    const clock = manualClock(NOW + 90 * HOUR);
    const quiet = createLogger({ component: "worker", write: () => {} });
    let down = false;
    const flaky = {
      execute: (query: Parameters<Database["db"]["execute"]>[0]) =>
        down ? Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:5432")) : database.db.execute(query),
    } as unknown as Database["db"];
    const downMails: string[] = [];
    const stop = new AbortController();
    const loops = ["w-a", "w-b", "w-c"].map((workerId) =>
      runOperatorMail({
        db: flaky,
        clock,
        log: quiet,
        signal: stop.signal,
        siteUrl: SITE,
        workerId,
        everyMs: 60_000,
        downAfterMs: 5 * 60_000,
        send: async (m) => {
          if (m.subject.includes("base de datos")) downMails.push(workerId);
        },
      }),
    );
    for (let minute = 0; minute < 16; minute++) {
      if (minute === 3) down = true;
      await new Promise((r) => setTimeout(r, 30));
      clock.advance(60_000);
    }
    await new Promise((r) => setTimeout(r, 30));
    stop.abort();
    await Promise.all(loops);
    expect(downMails).toHaveLength(1);
    const [watch] = await database.db.execute<{ worker: string }>(
      sql`select value->>'worker' as worker from app_state where key = 'database-down-watch'`,
    );
    expect(downMails).toEqual([watch!.worker]);
  });
});
