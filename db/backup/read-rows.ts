/**
 * Reading a backup file line by line (format in db/backup/dump.ts): the header, then for
 * each line its table and, for a row, a reader of its COPY text fields by column name (the
 * raw escaped text; `\N` is null).
 */
import fs from "node:fs";
import readline from "node:readline";
import zlib from "node:zlib";
import type { BackupHeader } from "./tables";

/** A row's field by column name, as COPY text (`\N` for null or an unknown column). */
export type FieldOf = (column: string) => string;

/** Called for every line after the header; `field` is set for rows, unset for markers. */
export type LineVisitor = (line: string, table: string | undefined, field?: FieldOf) => void | Promise<void>;

/** Parse a header line, or throw when the file is not a backup of this format. */
export function parseBackupHeader(line: string, file: string): BackupHeader {
  let header: BackupHeader;
  try {
    header = JSON.parse(line) as BackupHeader;
  } catch {
    throw new Error(`${file} is not a Hemeroscopio backup`);
  }
  if (header.format !== "hemeroscopio-backup" || header.version !== 1) throw new Error(`${file} is not a Hemeroscopio backup (version 1)`);
  return header;
}

/** Only the header of a backup file (its first line). */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  const lines = readline.createInterface({ input: fs.createReadStream(file).pipe(zlib.createGunzip()), crlfDelay: Infinity });
  try {
    for await (const line of lines) return parseBackupHeader(line, file);
  } finally {
    lines.close();
  }
  throw new Error(`${file} is empty`);
}

/** Visit every line of `file` after its header; returns the header. Throws on a damaged file. */
export async function eachBackupLine(file: string, visit: LineVisitor): Promise<BackupHeader> {
  const lines = readline.createInterface({ input: fs.createReadStream(file).pipe(zlib.createGunzip()), crlfDelay: Infinity });
  let header: BackupHeader | undefined;
  let table: string | undefined;
  let columns = new Map<string, number>();
  try {
    for await (const line of lines) {
      if (!header) {
        header = parseBackupHeader(line, file);
      } else if (table === undefined) {
        table = /^\\table (.+)$/.exec(line)?.[1];
        if (table === undefined) throw new Error(`${file} is damaged (expected a table)`);
        columns = new Map((header.tables.find((t) => t.name === table)?.columns ?? []).map((c, i) => [c, i]));
        await visit(line, undefined);
      } else if (line === "\\.") {
        table = undefined;
        await visit(line, undefined);
      } else {
        const cells = line.split("\t");
        await visit(line, table, (column) => cells[columns.get(column) ?? -1] ?? "\\N");
      }
    }
  } finally {
    lines.close();
  }
  if (!header || table !== undefined) throw new Error(`${file} is cut short`);
  return header;
}
