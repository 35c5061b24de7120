/**
 * STO-4 in backups: rewrite a backup file without the rows that a data deletion removed from
 * the database (crawler/record/deletions.ts), so a kept backup never brings an excluded
 * outlet's data back. The same rule as the deletion, applied to COPY text rows:
 * - the outlet's articles, and what hangs from them (headline versions, rank spans,
 *   fingerprints, body summaries);
 * - its front-page captures, probes and signals;
 * - stories left with no article, and headline features and framing keyed by a hash that
 *   no remaining headline version has.
 * Kept, as in the database: the decision, the request log, the legal notices, replies.
 *
 * Three passes over the gzipped file: the outlet's article ids, story ids and headline
 * hashes; which of those stories and hashes other outlets share; then the rewrite, to a
 * `.partial` file renamed over the original. The file's order is foreign-key order
 * (db/backup/tables.ts), so articles come before the rows that reference them.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { once } from "node:events";
import zlib from "node:zlib";
import { eachBackupLine, type FieldOf } from "./read-rows";
import type { BackupHeader } from "./tables";

/** Tables whose rows belong to an outlet through their `outlet_id`. */
export const OUTLET_TABLES = [
  "articles",
  "frontpage_captures",
  "probes",
  "signals",
  "front_page_days",
  "outlet_checks",
  "outlet_status",
  "outlet_recent_figures",
] as const;
/** Tables whose rows belong to an outlet through an article (`article_id`). */
export const ARTICLE_TABLES = ["headline_versions", "rank_spans", "story_fingerprints", "body_summaries"] as const;
/** Tables keyed by a headline's hash, shared by every outlet that printed that headline. */
export const HASH_TABLES = ["headline_features", "framing"] as const;

/** The rows of `outletIds` in the backup: which to drop. */
async function planDrops(file: string, outletIds: ReadonlySet<string>) {
  const articles = new Set<string>();
  const stories = new Set<string>();
  const hashes = new Set<string>();
  const seen = new Set<string>();
  await eachBackupLine(file, (_line, table, field) => {
    if (!table || !field) return;
    seen.add(table);
    if (table === "articles" && outletIds.has(field("outlet_id"))) {
      articles.add(field("id"));
      if (field("story_id") !== "\\N") stories.add(field("story_id"));
    } else if (table === "headline_versions") {
      if (!seen.has("articles")) throw new Error(`${file}: headline versions come before articles`);
      if (articles.has(field("article_id"))) hashes.add(field("text_hash"));
    }
  });
  const sharedStories = new Set<string>();
  const sharedHashes = new Set<string>();
  await eachBackupLine(file, (_line, table, field) => {
    if (!field) return;
    if (table === "articles" && !articles.has(field("id")) && stories.has(field("story_id"))) sharedStories.add(field("story_id"));
    if (table === "headline_versions" && !articles.has(field("article_id")) && hashes.has(field("text_hash")))
      sharedHashes.add(field("text_hash"));
  });
  return (table: string, field: FieldOf): boolean => {
    if ((OUTLET_TABLES as readonly string[]).includes(table)) return outletIds.has(field("outlet_id"));
    if ((ARTICLE_TABLES as readonly string[]).includes(table)) return articles.has(field("article_id"));
    if ((HASH_TABLES as readonly string[]).includes(table)) return hashes.has(field("text_hash")) && !sharedHashes.has(field("text_hash"));
    if (table === "stories") return stories.has(field("id")) && !sharedStories.has(field("id"));
    return false;
  };
}

/**
 * Rewrite `file` without the rows of `outletIds` (outlet id → the deletion's last sweep it
 * covers, ISO time, recorded in the header's `scrubbed`); returns the rows dropped.
 */
export async function scrubBackup(file: string, outletIds: Record<string, string>): Promise<number> {
  const drop = await planDrops(file, new Set(Object.keys(outletIds)));
  const unique = `${process.pid}-${randomBytes(4).toString("hex")}`;
  const partial = `${file}.${unique}.partial`;
  const bodyFile = `${file}.${unique}.body.partial`;
  const dropped = new Map<string, number>();
  let total = 0;
  try {
    // The body first (its own gzip member), so the header can carry the new row counts.
    const gzip = zlib.createGzip();
    const out = gzip.pipe(fs.createWriteStream(bodyFile, { mode: 0o600 }));
    const finished = once(out, "finish");
    const header = await eachBackupLine(file, async (line, table, field) => {
      if (field && table && drop(table, field)) {
        dropped.set(table, (dropped.get(table) ?? 0) + 1);
        total++;
        return;
      }
      if (!gzip.write(`${line}\n`)) await once(gzip, "drain");
    });
    gzip.end();
    await finished;
    const rewritten: BackupHeader = {
      ...header,
      tables: header.tables.map((t) => ({ ...t, rows: t.rows - (dropped.get(t.name) ?? 0) })),
      scrubbed: { ...header.scrubbed, ...outletIds },
    };
    // Two gzip members in one file are one gzip stream to any reader (RFC 1952 §2.2).
    await fs.promises.writeFile(partial, zlib.gzipSync(`${JSON.stringify(rewritten)}\n`), { mode: 0o600 });
    await fs.promises.appendFile(partial, await fs.promises.readFile(bodyFile));
    await fs.promises.rename(partial, file);
  } finally {
    await fs.promises.rm(bodyFile, { force: true });
    await fs.promises.rm(partial, { force: true });
  }
  return total;
}
