/**
 * The outlets file (SPEC CFG-1, docs/architecture.md "The outlets file"): a stable contract that the
 * admin import/export, `HEMEROSCOPIO_OUTLETS` and other tools write.
 *
 * JSON or YAML; a top-level array or `{ outlets: [...] }`. Unknown keys are errors and missing
 * optional keys take SPEC's defaults. Every error is one line naming the item and the key.
 */
import { readFile } from "node:fs/promises";
import { extname } from "node:path";
import YAML, { YAMLParseError } from "yaml";
import { z } from "zod";
import { GROUP_PATTERN, SCOPE_GROUPS } from "./outlet-groups";

/** Stable codes: the file cannot be read, is not JSON/YAML, or breaks the contract. */
export type OutletsFileErrorCode = "outlets_file_unreadable" | "outlets_file_syntax" | "outlets_file_invalid";

/** A problem with an outlets file that a person can fix; its message is one line. */
export class OutletsFileError extends Error {
  readonly code: OutletsFileErrorCode;
  constructor(code: OutletsFileErrorCode, message: string, options?: { cause?: unknown }) {
    super(message.replace(/\s*[\r\n]+\s*/g, " "), options);
    this.name = "OutletsFileError";
    this.code = code;
  }
}

const URL_RULE = "must be an absolute http(s) URL";
const INTERVAL_RULE = "must be a positive whole number of minutes";

// `new URL` alone accepts "http:example.com" and trims spaces; a crawler source must be exact.
const isHttpUrl = (s: string) => /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(s) && URL.canParse(s);

function isTimeZone(tz: string): boolean {
  // A leading letter rules out offsets like "+01:00", which Intl accepts but which have no DST.
  if (!/^[A-Za-z][\w+-]*(?:\/[\w+-]+)*$/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const httpUrl = z.string({ error: URL_RULE }).refine(isHttpUrl, URL_RULE);
const interval = z.int({ error: INTERVAL_RULE }).positive({ error: INTERVAL_RULE });

// One source must not be polled twice for one outlet (SPEC SCH-1 intervals are per source).
const urlList = z.array(httpUrl, { error: "must be a list of URLs" }).superRefine((urls, ctx) => {
  urls.forEach((u, i) => {
    if (urls.indexOf(u) < i) ctx.addIssue({ code: "custom", message: "repeats an earlier URL", path: [i] });
  });
});

const GROUP_RULE = "must be a group name: lower-case letters, digits and '-'";

// Named collections (docs/outlet-groups.md); country and language groups are derived, never written.
const groupList = z
  .array(z.string({ error: GROUP_RULE }).regex(GROUP_PATTERN, GROUP_RULE), { error: "must be a list of group names" })
  .superRefine((groups, ctx) => {
    groups.forEach((g, i) => {
      if (groups.indexOf(g) < i) ctx.addIssue({ code: "custom", message: "repeats an earlier group", path: [i] });
      if (/^(?:pais|idioma)-/.test(g))
        ctx.addIssue({ code: "custom", message: "is derived from country or language, not written", path: [i] });
    });
    const scopes = groups.filter((g) => (SCOPE_GROUPS as readonly string[]).includes(g));
    if (scopes.length > 1) ctx.addIssue({ code: "custom", message: `names more than one scope (${scopes.join(", ")})`, path: [] });
  });

/** One outlet (SPEC CFG-1); key order here is the serialised order (docs/architecture.md). */
export const outletSchema = z.strictObject({
  slug: z.string({ error: "must be a string" }).regex(/^[a-z0-9-]+$/, "must be lower-case letters, digits and '-'"),
  name: z.string({ error: "must be a string" }).regex(/\S/, "must not be empty"),
  country: z
    .string({ error: "must be a string" })
    .regex(/^[A-Z]{2}$/, 'must be an upper-case ISO 3166-1 alpha-2 code, like "ES"')
    .default("ES"),
  language: z
    .string({ error: "must be a string" })
    .regex(/^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/, 'must be a lower-case BCP 47 language tag, like "es" or "ca"')
    .default("es"),
  groups: groupList.default(() => []),
  timezone: z
    .string({ error: "must be a string" })
    .refine(isTimeZone, 'must be an IANA time zone, like "Europe/Madrid"')
    .default("Europe/Madrid"),
  homepage: httpUrl,
  feeds: urlList.default(() => []),
  sitemaps: urlList.default(() => []),
  legalNotice: httpUrl.optional(),
  renderMode: z.enum(["static", "browser"], { error: 'must be "static" or "browser"' }).default("static"),
  active: z.boolean({ error: "must be true or false" }).default(true),
  feedIntervalMinutes: interval.default(10),
  sitemapIntervalMinutes: interval.default(15),
});

/** A validated outlet with every default filled in. */
export type OutletConfig = z.output<typeof outletSchema>;

const KEY_ORDER = Object.keys(outletSchema.shape) as (keyof OutletConfig)[];

/** Parse an outlets file's text (JSON or YAML, by extension or content), or throw `OutletsFileError`. */
export function parseOutletsFile(text: string, fileName?: string): OutletConfig[] {
  const where = fileName ? `outlets file ${fileName}` : "outlets file";
  const items = outletItems(parseText(text.replace(/^\uFEFF/, ""), fileName, where), where);
  const slugs = new Map<string, number>();
  return items.map((item, index) => {
    const rawSlug = isRecord(item) && typeof item.slug === "string" ? ` (${show(item.slug)})` : "";
    const fail = (what: string) => new OutletsFileError("outlets_file_invalid", `${where}: item ${index}${rawSlug}: ${what}`);
    if (!isRecord(item)) throw fail(`must be an object (got ${show(item)})`);
    const parsed = outletSchema.safeParse(item);
    if (!parsed.success) throw fail(describeIssue(parsed.error.issues, item));
    const first = slugs.get(parsed.data.slug);
    if (first !== undefined) throw fail(`slug ${show(parsed.data.slug)} is already used by item ${first}`);
    slugs.set(parsed.data.slug, index);
    return parsed.data;
  });
}

/** Read and parse an outlets file; an unreadable file is a one-line `OutletsFileError` too. */
export async function readOutletsFile(path: string): Promise<OutletConfig[]> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (cause) {
    // Node's message is "ENOENT: no such file or directory, open '<path>'"; keep the reason only.
    const reason = cause instanceof Error ? cause.message.split(", ")[0] : String(cause);
    throw new OutletsFileError("outlets_file_unreadable", `outlets file ${path}: cannot read it (${reason})`, { cause });
  }
  return parseOutletsFile(text, path);
}

/** Write outlets as an outlets file, every key present in docs/architecture.md's order, so that it parses back equal. */
export function serializeOutlets(outlets: readonly OutletConfig[], format: "json" | "yaml"): string {
  // Picking known keys also drops any extra fields a caller's objects carry (e.g. DB ids).
  const ordered = outlets.map((o) => Object.fromEntries(KEY_ORDER.filter((k) => o[k] !== undefined).map((k) => [k, o[k]])));
  return format === "json" ? `${JSON.stringify(ordered, null, 2)}\n` : YAML.stringify(ordered, { lineWidth: 0 });
}

function parseText(text: string, fileName: string | undefined, where: string): unknown {
  const ext = fileName ? extname(fileName).toLowerCase() : "";
  const isJson = ext === ".json" || (ext !== ".yaml" && ext !== ".yml" && /^\s*[[{]/.test(text));
  try {
    return isJson ? JSON.parse(text) : YAML.parse(text);
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : String(cause);
    const pos = cause instanceof YAMLParseError ? cause.linePos?.[0] : undefined;
    const at = isJson ? lineColumn(text, jsonErrorOffset(text)) : pos ? `line ${pos.line}, column ${pos.col}` : "an unknown position";
    // V8 appends a quoted excerpt or "at position N", and yaml a code frame after "at line L, column C:";
    // the line and column above replace them.
    const reason = isJson
      ? message.replace(/, ".*$/s, "").replace(/(?: in JSON)? at position \d+.*$/s, "")
      : message.replace(/ at line \d+, column \d+:.*$/s, "");
    throw new OutletsFileError("outlets_file_syntax", `${where}: invalid ${isJson ? "JSON" : "YAML"} at ${at} (${reason})`, { cause });
  }
}

function outletItems(data: unknown, where: string): unknown[] {
  if (Array.isArray(data)) return data;
  if (isRecord(data) && Array.isArray(data.outlets)) {
    const extra = Object.keys(data).find((k) => k !== "outlets");
    if (extra !== undefined) throw new OutletsFileError("outlets_file_invalid", `${where}: unknown top-level key ${show(extra)}`);
    return data.outlets;
  }
  throw new OutletsFileError("outlets_file_invalid", `${where}: must be a list of outlets or { "outlets": [...] } (got ${show(data)})`);
}

function describeIssue(issues: readonly z.core.$ZodIssue[], item: Record<string, unknown>): string {
  // A misspelt key shows up as both unknown and missing; the unknown one explains the other.
  const issue = issues.find((i) => i.code === "unrecognized_keys") ?? issues[0]!;
  if (issue.code === "unrecognized_keys") {
    return `unknown key${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map(show).join(", ")}`;
  }
  const key = issue.path.map((p, i) => (typeof p === "number" ? `[${p}]` : i > 0 ? `.${String(p)}` : String(p))).join("");
  const value = issue.path.reduce<unknown>(
    (v, p) => (isRecord(v) || Array.isArray(v) ? (v as Record<PropertyKey, unknown>)[p] : undefined),
    item,
  );
  if (value === undefined) return `missing key ${show(key)}`;
  return `${key} ${issue.message} (got ${show(value)})`;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** A value as it would appear in JSON, cut short so the message stays one readable line. */
function show(value: unknown): string {
  const s = JSON.stringify(value) ?? String(value);
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}

function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  return `line ${before.split("\n").length}, column ${offset - before.lastIndexOf("\n")}`;
}

// JSON forbids raw control characters inside strings, so the token pattern must name them.
const JSON_TOKEN =
  // eslint-disable-next-line no-control-regex
  /[ \t\n\r]*([{}[\]:,]|"(?:[^"\\\x00-\x1f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null|$)/y;

/**
 * Offset of the first character that makes `text` invalid JSON. Node 20's `JSON.parse` names no
 * position for "Unexpected token" errors, so this small recogniser finds it after a failure.
 */
function jsonErrorOffset(text: string): number {
  const closers: string[] = [];
  let want: "value" | "value-or-]" | "key" | "key-or-}" | ":" | "after-value" = "value";
  for (let pos = 0; ;) {
    JSON_TOKEN.lastIndex = pos;
    const m = JSON_TOKEN.exec(text);
    const at = pos + /^[ \t\n\r]*/.exec(text.slice(pos))![0].length;
    if (!m) return at;
    const token = m[1]!;
    pos = JSON_TOKEN.lastIndex;
    const scalar = token !== "" && !"{}[]:,".includes(token);
    const closer = closers.at(-1);
    if ((want === "value-or-]" && token === "]") || (want === "key-or-}" && token === "}")) {
      closers.pop();
      want = "after-value";
    } else if (want === "value" || want === "value-or-]") {
      if (token === "{" || token === "[") closers.push(token === "{" ? "}" : "]");
      else if (!scalar) return at;
      want = token === "{" ? "key-or-}" : token === "[" ? "value-or-]" : "after-value";
    } else if (want === "key" || want === "key-or-}") {
      if (!token.startsWith('"')) return at;
      want = ":";
    } else if (want === ":") {
      if (token !== ":") return at;
      want = "value";
    } else if (closer === undefined) {
      return token === "" ? text.length : at;
    } else if (token === ",") {
      want = closer === "}" ? "key" : "value";
    } else if (token === closer) {
      closers.pop();
    } else {
      return at;
    }
  }
}
