/**
 * Query parameters of the open-data API (SPEC WEB-3), parsed once at the edge. Every
 * endpoint names the parameters it takes; any other parameter, a repeated one or a
 * malformed value is a 400 naming it.
 */
import { inDateRange } from "../../lib/pages/date-range";
import { normaliseGroup } from "../../lib/outlet-groups";
import { badParameter, ApiError } from "./errors";

/** Rows per page when `limit` is absent. */
export const DEFAULT_LIMIT = 100;
/** The largest page the API serves (documented on /datos). */
export const MAX_LIMIT = 1000;

/** The parameters any endpoint may take. */
export type ParamName = "outlet" | "from" | "to" | "article" | "story" | "limit" | "cursor" | "at" | "q" | "group";

/** Longest accepted search text (the same as /buscar's). */
export const MAX_Q_LENGTH = 200;

/** Parsed parameters; absent ones are undefined. */
export interface ApiQuery {
  outlet?: string;
  /** Epoch ms, inclusive. */
  from?: number;
  /** Epoch ms, exclusive. */
  to?: number;
  article?: number;
  story?: number;
  limit: number;
  cursor?: string;
  /** Epoch ms: the instant a front page is asked for. */
  at?: number;
  /** Words to find in headlines, in /buscar's syntax. */
  q?: string;
  /** An outlet group (docs/outlet-groups.md), normalised. */
  group?: string;
}

const SLUG = /^[a-z0-9][a-z0-9-]{0,63}$/;
const ID = /^[1-9][0-9]{0,14}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/** An id path segment or parameter: a positive whole number, else a 400. */
export function parseId(value: string, parameter: string): number {
  if (!ID.test(value)) throw badParameter(parameter, `${parameter} must be a positive whole number`);
  return Number(value);
}

/** `YYYY-MM-DD` (00:00 UTC) or an ISO 8601 date-time with a time zone → epoch ms. */
export function parseInstant(value: string, parameter: string): number {
  const ms = DAY.test(value) ? Date.parse(`${value}T00:00:00Z`) : DATETIME.test(value) ? Date.parse(value) : Number.NaN;
  if (!Number.isFinite(ms) || (DAY.test(value) && new Date(ms).toISOString().slice(0, 10) !== value)) {
    throw badParameter(parameter, `${parameter} must be a date (YYYY-MM-DD) or an ISO 8601 date-time with a time zone`);
  }
  if (!inDateRange(ms)) throw badParameter(parameter, `${parameter} must be between 1900-01-01 and 9999-12-31`);
  return ms;
}

/** Parse `params` allowing only `allowed`. */
export function parseQuery(params: URLSearchParams, allowed: readonly ParamName[]): ApiQuery {
  const seen = new Set<string>();
  for (const key of params.keys()) {
    if (!(allowed as readonly string[]).includes(key)) {
      throw new ApiError(
        "unknown_parameter",
        `unknown parameter "${key.slice(0, 40)}"; this endpoint takes: ${allowed.join(", ")}`,
        key.slice(0, 40),
      );
    }
    if (seen.has(key)) throw badParameter(key, `${key} is given more than once`);
    seen.add(key);
  }
  const get = (name: ParamName) => params.get(name) ?? undefined;
  const query: ApiQuery = { limit: DEFAULT_LIMIT };
  const outlet = get("outlet");
  if (outlet !== undefined) {
    if (!SLUG.test(outlet)) throw badParameter("outlet", "outlet must be an outlet slug (lower-case letters, digits and '-')");
    query.outlet = outlet;
  }
  const from = get("from");
  const to = get("to");
  if (from !== undefined) query.from = parseInstant(from, "from");
  if (to !== undefined) query.to = parseInstant(to, "to");
  if (query.from !== undefined && query.to !== undefined && query.from >= query.to) throw badParameter("to", "to must be later than from");
  const article = get("article");
  if (article !== undefined) query.article = parseId(article, "article");
  const story = get("story");
  if (story !== undefined) query.story = parseId(story, "story");
  const limit = get("limit");
  if (limit !== undefined) {
    if (!/^[0-9]{1,5}$/.test(limit) || Number(limit) < 1 || Number(limit) > MAX_LIMIT) {
      throw badParameter("limit", `limit must be a whole number from 1 to ${MAX_LIMIT}`);
    }
    query.limit = Number(limit);
  }
  const cursor = get("cursor");
  if (cursor !== undefined) query.cursor = cursor;
  const q = get("q")?.trim();
  if (q !== undefined) {
    if (q.length === 0 || q.length > MAX_Q_LENGTH) throw badParameter("q", `q must be a search of 1 to ${MAX_Q_LENGTH} characters`);
    query.q = q;
  }
  const group = get("group");
  if (group !== undefined) {
    query.group = normaliseGroup(group);
    if (query.group === undefined) throw badParameter("group", "group must be a group name (letters, digits and '-'), like nacional");
  }
  const at = get("at");
  if (at !== undefined) query.at = parseInstant(at, "at");
  return query;
}
