/** The `outlets` dataset (SPEC WEB-3): every outlet not under `total`, with the scopes in force (PUB-6). */
import type { ApiOutletRow } from "../sql/outlets";
import { outletGroups } from "../../../lib/outlet-groups";
import { policyOf, type ApiContext } from "../context";
import type { Dataset, Record_ } from "./types";

/** Field names, in CSV order. */
export const OUTLET_FIELDS = [
  "slug",
  "name",
  "country",
  "language",
  "groups",
  "timezone",
  "homepage",
  "render_mode",
  "active",
  "headlines_withheld",
  "positions_withheld",
  "model_annotations_withheld",
  "scopes",
] as const;

/** An outlet as published, with what its publisher asked. */
export function outletRecord(ctx: ApiContext, o: ApiOutletRow): Record_ {
  const p = policyOf(ctx, o.id);
  return {
    slug: o.slug,
    name: o.name,
    country: o.country,
    language: o.language,
    groups: outletGroups(o),
    timezone: o.timezone,
    homepage: o.homepage,
    render_mode: o.render_mode,
    active: o.active,
    headlines_withheld: !p.headlinesVerbatim,
    positions_withheld: !p.positions,
    model_annotations_withheld: !p.modelAnnotations,
    scopes: [...p.scopes],
  };
}

/** All shown outlets in slug order, in one page (a few hundred at most). */
export const outletsDataset: Dataset = {
  name: "outlets",
  fields: OUTLET_FIELDS,
  params: ["group"],
  cursorLength: 0,
  ranged: false,
  async page(ctx) {
    return { items: ctx.outlets.map((o) => outletRecord(ctx, o)), next: null };
  },
};
