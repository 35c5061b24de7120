import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import {
  adoptOperatorHash,
  audit,
  createOperatorOnce,
  createSession,
  deleteAllSessions,
  deleteSession,
  findSession,
  listAudit,
  loadOperator,
  operatorExists,
  replacePasswordHash,
} from "../../../db/queries/admin/operator";
import { pasteLegalNotice, listLegalNotices } from "../../../db/legal-notices";
import { decideProposedSource, listOutletsForAdmin, listProposedSources, setOutletActive } from "../../../db/queries/admin/outlets";
import {
  confirmExclusion,
  createBylineRequest,
  createReply,
  decideByline,
  decideReply,
  enterMailExclusion,
  unpublishReply,
  listBylinesForAdmin,
  listExclusionsForAdmin,
  listPublishedReplies,
  listRepliesForAdmin,
  replyOutletChoices,
} from "../../../db/admin-requests";
import { loadCrawlerHealth } from "../../../db/queries/admin/health";
import { deleteCorrection, updateCorrection } from "../../../db/queries/admin/corrections";
import { addCorrection, listCorrections } from "../../../db/queries/site/corrections";
import { loadPublishedReplies } from "../../../db/queries/outlet-page/replies";
import { loadPolicies } from "../../../db/policies-in-force";
import { importOutlets } from "../../../db/outlets";
import { citeBylines, UNSIGNED } from "../../../lib/policy";
import { createTestDatabase } from "../../support/database";

const NOW = Date.parse("2026-11-20T12:00:00Z");
let database: Database;
let outletId: number;

beforeAll(async () => {
  database = await createTestDatabase(4);
  await importOutlets(database.db, [
    {
      slug: "diario-uno",
      name: "Diario Uno",
      country: "ES",
      language: "es",
      timezone: "Europe/Madrid",
      homepage: "https://www.diariouno.test/",
      feeds: ["https://www.diariouno.test/rss"],
      sitemaps: [],
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
  await database?.close();
});

describe("operator and sessions (ADM-1)", () => {
  it("ADM-1: setup creates the operator once; a second setup changes nothing", async () => {
    const { db } = database;
    expect(await operatorExists(db)).toBe(false);
    expect(await createOperatorOnce(db, "scrypt$1$1$1$a$b", NOW)).toBe(true);
    expect(await createOperatorOnce(db, "scrypt$2$2$2$c$d", NOW)).toBe(false);
    expect((await loadOperator(db))!.passwordHash).toBe("scrypt$1$1$1$a$b");
    await adoptOperatorHash(db, "scrypt$3$3$3$e$f", NOW);
    expect((await loadOperator(db))!.passwordHash).toBe("scrypt$3$3$3$e$f");
  });

  it("ADM-1: a recovery replaces the passphrase only while it is still the old one, and ends every session", async () => {
    const { db } = database;
    await createSession(db, "r1", NOW, NOW + 60_000);
    expect(await replacePasswordHash(db, "scrypt$9$9$9$x$y", "scrypt$4$4$4$g$h")).toBe(false);
    expect(await replacePasswordHash(db, "scrypt$3$3$3$e$f", "scrypt$4$4$4$g$h")).toBe(true);
    expect(await replacePasswordHash(db, "scrypt$3$3$3$e$f", "scrypt$5$5$5$i$j")).toBe(false);
    expect((await loadOperator(db))!.passwordHash).toBe("scrypt$4$4$4$g$h");
    await deleteAllSessions(db);
    expect(await findSession(db, "r1", NOW)).toBeUndefined();
  });

  it("ADM-1: a session is found by its hash until it expires or is deleted", async () => {
    const { db } = database;
    await createSession(db, "h1", NOW, NOW + 1000);
    expect(await findSession(db, "h1", NOW + 999)).toEqual({ expiresAt: NOW + 1000 });
    expect(await findSession(db, "h1", NOW + 1000)).toBeUndefined();
    await createSession(db, "h2", NOW + 2000, NOW + 5000); // removes the expired h1
    const [n] = await db.execute<{ n: number }>(sql`select count(*)::int as n from sessions`);
    expect(n!.n).toBe(1);
    await deleteSession(db, "h2");
    expect(await findSession(db, "h2", NOW + 2001)).toBeUndefined();
  });

  it("ADM-1: audit lines are listed newest first", async () => {
    const { db } = database;
    await audit(db, "a.one", { id: 1 }, NOW);
    await audit(db, "a.two", { id: 2 }, NOW + 1);
    const lines = await listAudit(db, 2);
    expect(lines.map((l) => l.action)).toEqual(["a.two", "a.one"]);
    expect(lines[0]!.details).toEqual({ id: 2 });
  });
});

describe("requests queue (ADM-2, PUB-2, PUB-4, PUB-5)", () => {
  it("PUB-2: a mail exclusion is applied at once, matched to the outlet, and confirmed once", async () => {
    const { db } = database;
    const id = await enterMailExclusion(db, { domain: "diariouno.test", scope: "sin-posicion", receivedAt: NOW - 3_600_000, now: NOW });
    const { open } = await listExclusionsForAdmin(db);
    const row = open.find((e) => e.id === id)!;
    expect(row).toMatchObject({ outletName: "Diario Uno", channel: "mail", appliedAt: NOW, receivedAt: NOW - 3_600_000 });
    expect((await loadPolicies(db)).forOutlet(outletId).positions).toBe(false);
    expect(await confirmExclusion(db, id, NOW + 1)).toBe(true);
    expect(await confirmExclusion(db, id, NOW + 2)).toBe(false);
    const after = await listExclusionsForAdmin(db);
    expect(after.open.some((e) => e.id === id)).toBe(false);
    expect(after.confirmed.find((e) => e.id === id)!.confirmedAt).toBe(NOW + 1);
  });

  it("PUB-4: a reply is stored exactly as sent, and shown only once published", async () => {
    const { db } = database;
    const text = "Línea 1 <script>alert('x')</script>\n\n  Línea 3 con ' y \" y ; drop table replies;--";
    const id = await createReply(db, { outletId, author: "Dirección", contact: "d@diariouno.test", text, now: NOW });
    expect(await loadPublishedReplies(db, outletId)).toEqual([]);
    expect((await listRepliesForAdmin(db)).open.map((r) => r.id)).toEqual([id]);
    expect(await decideReply(db, id, "publish", NOW + 10)).toBe(true);
    expect(await decideReply(db, id, "reject", NOW + 11)).toBe(false);
    const [published] = await loadPublishedReplies(db, outletId);
    expect(published!.text).toBe(text);
    expect((await listPublishedReplies(db)).map((r) => r.text)).toEqual([text]);
    expect(await listPublishedReplies(db, [outletId])).toEqual([]);
    expect((await replyOutletChoices(db, [])).map((o) => o.slug)).toEqual(["diario-uno"]);
  });

  it("PUB-4: the operator withdraws a published reply: it leaves both public lists, stays in the table, and only a published one can be", async () => {
    const { db } = database;
    const id = await createReply(db, {
      outletId,
      author: "Dirección",
      contact: "d@diariouno.test",
      text: "Réplica que se retira",
      now: NOW,
    });
    expect(await unpublishReply(db, id, NOW + 5)).toBe(false);
    await decideReply(db, id, "publish", NOW + 10);
    expect((await loadPublishedReplies(db, outletId)).map((r) => r.id)).toContain(id);
    expect(await unpublishReply(db, id, NOW + 20)).toBe(true);
    expect(await unpublishReply(db, id, NOW + 21)).toBe(false);
    expect((await loadPublishedReplies(db, outletId)).map((r) => r.id)).not.toContain(id);
    expect((await listPublishedReplies(db)).map((r) => r.id)).not.toContain(id);
    const decided = (await listRepliesForAdmin(db)).decided.find((r) => r.id === id);
    expect(decided).toMatchObject({ publishedAt: NOW + 10, rejectedAt: NOW + 20 });
  });

  it("SEC-2: bidirectional controls in a reply (U+202E…) are stored as sent but never shown, in the admin or in public", async () => {
    const { db } = database;
    const text = "Aclaración: el fichero \u202Egpj.exe\u202C y \u2066aislado\u2069 \u200Fmarca.";
    const id = await createReply(db, { outletId, author: "Dir\u202Eección", contact: "d@diariouno.test", text, now: NOW + 100 });
    const [stored] = await db.execute<{ reply_text: string }>(sql`select reply_text from replies where id = ${id}`);
    expect(stored!.reply_text).toBe(text);
    const shown = "Aclaración: el fichero gpj.exe y aislado marca.";
    expect((await listRepliesForAdmin(db)).open.find((r) => r.id === id)).toMatchObject({ text: shown, author: "Dirección" });
    await decideReply(db, id, "publish", NOW + 110);
    expect((await loadPublishedReplies(db, outletId)).find((r) => r.id === id)).toMatchObject({ text: shown, author: "Dirección" });
    expect((await listPublishedReplies(db)).find((r) => r.id === id)).toMatchObject({ text: shown, author: "Dirección" });
    await db.execute(sql`delete from replies where id = ${id}`);
  });

  it("SEC-2: bidirectional controls in a byline request's name and in the contacts sent are stored as sent but never shown in the admin", async () => {
    const { db } = database;
    const id = await createBylineRequest(db, { authorName: "Ana \u202eZeréP\u202c Gil", contact: "\u2067ana@x.es\u2069", now: NOW });
    const exclusion = await enterMailExclusion(db, {
      domain: "bidi.example",
      scope: "total",
      contact: "\u202edirección",
      receivedAt: NOW,
      now: NOW,
    });
    try {
      const shown = (await listBylinesForAdmin(db)).open.find((b) => b.id === id);
      expect(shown).toMatchObject({ authorName: "Ana ZeréP Gil", contact: "ana@x.es" });
      const [stored] = await db.execute<{ author_name: string }>(sql`select author_name from byline_requests where id = ${id}`);
      expect(stored!.author_name).toBe("Ana \u202eZeréP\u202c Gil");
      expect((await listExclusionsForAdmin(db)).open.find((e) => e.id === exclusion)?.contact).toBe("dirección");
    } finally {
      await db.execute(sql`delete from byline_requests where id = ${id}`);
      await db.execute(sql`delete from exclusions where id = ${exclusion}`);
    }
  });

  it("PUB-5: an accepted byline request hides the name through the policy module", async () => {
    const { db } = database;
    const id = await createBylineRequest(db, { authorName: "Ana Pérez", contact: "ana@x.es", now: NOW });
    expect((await loadPolicies(db)).hiddenAuthors.size).toBe(0);
    expect((await listBylinesForAdmin(db)).open.map((b) => b.id)).toEqual([id]);
    expect(await decideByline(db, id, "accept", NOW + 1)).toBe(true);
    const policies = await loadPolicies(db);
    expect(citeBylines(["ana perez", "Luis Gómez"], policies.hiddenAuthors)).toEqual(["Luis Gómez", UNSIGNED]);
  });
});

describe("outlets, health, corrections, legal notices (ADM-2)", () => {
  it("ADM-2: outlets list with sources; deactivate; discovered sources accepted or discarded", async () => {
    const { db } = database;
    const [o] = await listOutletsForAdmin(db);
    expect(o).toMatchObject({ slug: "diario-uno", feeds: ["https://www.diariouno.test/rss"], active: true });
    expect(await setOutletActive(db, outletId, false)).toBe(true);
    expect((await listOutletsForAdmin(db))[0]!.active).toBe(false);
    await db.execute(sql`insert into sources (outlet_id, kind, url, site_domain, interval_minutes, proposed) values
      (${outletId}, 'feed', 'https://www.diariouno.test/otro.xml', 'diariouno.test', 10, true),
      (${outletId}, 'feed', 'https://www.diariouno.test/spam.xml', 'diariouno.test', 10, true)`);
    const proposed = await listProposedSources(db);
    expect(proposed.map((s) => s.url)).toEqual(["https://www.diariouno.test/otro.xml", "https://www.diariouno.test/spam.xml"]);
    expect(await decideProposedSource(db, proposed[0]!.id, "accept")).toBe(true);
    expect(await decideProposedSource(db, proposed[1]!.id, "discard")).toBe(true);
    expect(await listProposedSources(db)).toEqual([]);
    expect((await listOutletsForAdmin(db))[0]!.feeds).toContain("https://www.diariouno.test/otro.xml");
    expect((await listOutletsForAdmin(db))[0]!.feeds).not.toContain("https://www.diariouno.test/spam.xml");
  });

  it("ADM-2: crawler health per site with hosts, robots versions and latest requests", async () => {
    const { db } = database;
    await db.execute(
      sql`insert into sites (domain, next_allowed_at, backoff_until, backoff_reason, lease_owner, lease_until) values ('diariouno.test', ${new Date(NOW).toISOString()}, ${new Date(NOW + 60_000).toISOString()}, '429', 'w1', ${new Date(NOW + 30_000).toISOString()})`,
    );
    await db.execute(
      sql`insert into hosts (host, site_domain, robots_status) values ('https://www.diariouno.test', 'diariouno.test', '200')`,
    );
    await db.execute(
      sql`insert into robots_versions (host, sha256, robots_txt, first_fetched_at, last_fetched_at) values ('https://www.diariouno.test', 'x', 'User-agent: *', now(), now())`,
    );
    for (let i = 0; i < 12; i++) {
      await db.execute(
        sql`insert into fetch_log (at, site_domain, url, kind, status, outcome) values (${new Date(NOW + i * 1000).toISOString()}, 'diariouno.test', ${`https://www.diariouno.test/${i}`}, 'feed', 200, 'ok')`,
      );
    }
    const [site] = await loadCrawlerHealth(db, NOW, 8);
    // The lease is read against the site's clock (the demo's faster one), which the worker stamps it by.
    expect(site!.leaseOwner).toBe("w1");
    expect((await loadCrawlerHealth(db, NOW + 31_000, 8))[0]!.leaseOwner).toBeUndefined();
    expect(site).toMatchObject({ domain: "diariouno.test", outlets: ["Diario Uno"], backoffUntil: NOW + 60_000, backoffReason: "429" });
    expect(site!.hosts).toEqual([expect.objectContaining({ host: "https://www.diariouno.test", versions: 1, robotsStatus: "200" })]);
    expect(site!.recent).toHaveLength(8);
    expect(site!.recent[0]!.url).toBe("https://www.diariouno.test/11");
  });

  it("ADM-2: corrections are edited and deleted", async () => {
    const { db } = database;
    const entry = await addCorrection(db, { day: "2026-11-01", title: "Uno", details: "Primero" });
    expect(await updateCorrection(db, entry.id, { day: "2026-11-02", title: "Uno bis", details: "Cambiado" })).toBe(true);
    expect((await listCorrections(db, { page: 1, pageSize: 10 })).items[0]).toMatchObject({ day: "2026-11-02", title: "Uno bis" });
    expect(await deleteCorrection(db, entry.id)).toBe(true);
    expect(await deleteCorrection(db, entry.id)).toBe(false);
  });

  it("LEG-1: a pasted legal notice is kept only when it changed; the previous one stays for the diff", async () => {
    const { db } = database;
    expect(await pasteLegalNotice(db, outletId, "Aviso legal v1", NOW)).toBe(true);
    expect(await pasteLegalNotice(db, outletId, "Aviso legal v1", NOW + 1)).toBe(false);
    expect(await pasteLegalNotice(db, outletId, "Aviso legal v2", NOW + 2)).toBe(true);
    expect(await pasteLegalNotice(db, 999_999, "x", NOW + 3)).toBe(false);
    const [pair] = await listLegalNotices(db);
    expect(pair).toMatchObject({
      outletName: "Diario Uno",
      latest: { text: "Aviso legal v2", source: "pegado" },
      previous: { text: "Aviso legal v1" },
    });
  });
});
