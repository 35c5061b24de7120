/**
 * The research bundle's parameters (SPEC WEB-9): `from` and `to`, UTC days (`AAAA-MM-DD`, both
 * included), at most BUNDLE_MAX_DAYS apart; `outlets`, slugs separated by commas or one per parameter (absent:
 * every outlet that may be shown). Anything else is a 400 naming it, as everywhere in the API.
 */
import { utcDayRange } from "../../../lib/bulk/manifest";
import { badParameter, ApiError } from "../../../db/open-data/errors";

/** The longest period one bundle covers, in days (the exports' bound). */
export const BUNDLE_MAX_DAYS = 93;
/** The most outlets one bundle names. */
export const BUNDLE_MAX_OUTLETS = 50;

const SLUG = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** What a bundle covers. */
export interface BundleQuery {
  fromDay: string;
  toDay: string;
  /** [from, to) instants. */
  from: number;
  to: number;
  /** Outlet slugs, or undefined for all. */
  outlets?: string[];
}

/** Parse `?from=&to=&outlets=`. */
export function parseBundleQuery(params: URLSearchParams): BundleQuery {
  for (const key of new Set(params.keys())) {
    if (!["from", "to", "outlets"].includes(key)) throw new ApiError("unknown_parameter", `unknown parameter "${key.slice(0, 40)}"`, key);
    // Outlets may come one per parameter (a form's checkboxes) or separated by commas.
    if (key !== "outlets" && params.getAll(key).length > 1) throw badParameter(key, `${key} is repeated`);
  }
  const fromDay = params.get("from") ?? "";
  const toDay = params.get("to") ?? fromDay;
  const from = utcDayRange(fromDay);
  if (!from) throw badParameter("from", "from must be a day, AAAA-MM-DD");
  const to = utcDayRange(toDay);
  if (!to) throw badParameter("to", "to must be a day, AAAA-MM-DD");
  if (to.end <= from.start) throw badParameter("to", "to must not be earlier than from");
  if ((to.end - from.start) / 86_400_000 > BUNDLE_MAX_DAYS) throw badParameter("from", `a bundle covers at most ${BUNDLE_MAX_DAYS} days`);
  const list = params.getAll("outlets");
  let outlets: string[] | undefined;
  if (list.length > 0) {
    outlets = [...new Set(list.flatMap((l) => l.split(",")).map((s) => s.trim()))];
    if (outlets.length === 0 || outlets.length > BUNDLE_MAX_OUTLETS || !outlets.every((s) => SLUG.test(s)))
      throw badParameter("outlets", `outlets are 1 to ${BUNDLE_MAX_OUTLETS} slugs separated by commas`);
    outlets.sort();
  }
  return { fromDay, toDay, from: from.start, to: to.end, outlets };
}
