/**
 * Which outlets no model may see (SPEC PUB-1 «sin anotación de modelo», PUB-6), as a SQL
 * subquery for the worker's statements: story fingerprints, story grouping and key terms
 * read only the other outlets' headlines and ledes. `total` implies every scope (lib/policy.ts).
 * The scopes are matched to outlets as db/policy.ts matches them, so the statement that
 * writes or reads a row decides with the requests in force at that instant, with no extra round trip.
 */
import { sql, type SQL } from "drizzle-orm";
import { outletsUnder } from "../../db/policies-in-force";

/** `select o.id …` of the outlets under «sin anotación de modelo» or a total exclusion, for `not in (…)`. */
export function modelBarredOutlets(): SQL {
  return sql`${outletsUnder("sin-anotacion-de-modelo")} union ${outletsUnder("total")}`;
}

/** True for an article (alias `a`) whose outlet a model may see. */
export function modelMaySee(): SQL {
  return sql`a.outlet_id not in (${modelBarredOutlets()})`;
}
