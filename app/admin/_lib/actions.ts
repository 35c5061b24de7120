/**
 * Every admin action (SPEC ADM-2), by the name its form posts in `accion`. Each validates
 * its fields, writes, and names its audit line; a refusal stores nothing.
 */
import "server-only";
import { addCorrection } from "@/db/queries/site/corrections";
import { deleteCorrection, updateCorrection } from "@/db/queries/admin/corrections";
import { pasteLegalNotice } from "@/db/legal-notices";
import { decideProposedSource, setOutletActive } from "@/db/queries/admin/outlets";
import { confirmExclusion, decideByline, decideReply, unpublishReply, enterMailExclusion, withdrawExclusion } from "@/db/admin-requests";
import { importOutlets } from "@/db/outlets";
import { parseCorrection, parseId, parseLegalPaste, parseMailExclusion, parseOutletForm } from "@/lib/admin/forms";
import { OutletsFileError, parseOutletsFile } from "@/lib/outlets-file";
import type { ActionContext, ActionResult } from "./post";
import { refusal } from "./refusal";

type Action = (ctx: ActionContext) => Promise<ActionResult>;

/** An action on one row by id: `run` returns false when the row was not in a state to change. */
function onRow(back: string, action: string, run: (ctx: ActionContext, id: number) => Promise<boolean>): Action {
  return async (ctx) => {
    const id = parseId(ctx.fields.id);
    if (!id) return refusal("Falta el identificador.", 400, back);
    if (!(await run(ctx, id))) return refusal("Ya estaba hecho o no existe.", 409, back);
    return { back, audit: { action, details: { id } } };
  };
}

export const ACTIONS: Record<string, Action> = {
  "exclusion.confirm": onRow("/admin", "exclusion.confirm", ({ db, now }, id) => confirmExclusion(db, id, now)),
  "exclusion.withdraw": onRow("/admin", "exclusion.withdraw", ({ db, now }, id) => withdrawExclusion(db, id, now)),
  "exclusion.enter": async ({ db, fields, now }) => {
    const parsed = parseMailExclusion(fields, now);
    if (!parsed.ok) return refusal(parsed.reason);
    const id = await enterMailExclusion(db, { ...parsed.value, now });
    return {
      back: "/admin",
      audit: { action: "exclusion.enter", details: { id, domain: parsed.value.domain, scope: parsed.value.scope } },
    };
  },
  "reply.publish": onRow("/admin", "reply.publish", ({ db, now }, id) => decideReply(db, id, "publish", now)),
  "reply.reject": onRow("/admin", "reply.reject", ({ db, now }, id) => decideReply(db, id, "reject", now)),
  "reply.unpublish": onRow("/admin", "reply.unpublish", ({ db, now }, id) => unpublishReply(db, id, now)),
  "byline.accept": onRow("/admin", "byline.accept", ({ db, now }, id) => decideByline(db, id, "accept", now)),
  "byline.reject": onRow("/admin", "byline.reject", ({ db, now }, id) => decideByline(db, id, "reject", now)),
  "outlet.save": async ({ db, fields }) => {
    const parsed = parseOutletForm(fields);
    if (!parsed.ok) return refusal(parsed.reason, 400, "/admin/cabeceras");
    const summary = await importOutlets(db, [parsed.value]);
    return {
      back: "/admin/cabeceras",
      audit: { action: summary.added ? "outlet.create" : "outlet.edit", details: { slug: parsed.value.slug } },
    };
  },
  "outlet.deactivate": onRow("/admin/cabeceras", "outlet.deactivate", ({ db }, id) => setOutletActive(db, id, false)),
  "outlet.activate": onRow("/admin/cabeceras", "outlet.activate", ({ db }, id) => setOutletActive(db, id, true)),
  "outlets.import": async ({ db, fields }) => {
    let list;
    try {
      list = parseOutletsFile(fields.archivo ?? "", fields.formato === "json" ? "cabeceras.json" : "cabeceras.yaml");
    } catch (error) {
      return refusal(error instanceof OutletsFileError ? error.message : "El fichero no se puede leer.", 400, "/admin/cabeceras");
    }
    const summary = await importOutlets(db, list);
    return { back: "/admin/cabeceras", audit: { action: "outlets.import", details: { ...summary } } };
  },
  "source.accept": onRow("/admin/cabeceras", "source.accept", ({ db }, id) => decideProposedSource(db, id, "accept")),
  "source.discard": onRow("/admin/cabeceras", "source.discard", ({ db }, id) => decideProposedSource(db, id, "discard")),
  "correction.add": async ({ db, fields }) => {
    const parsed = parseCorrection(fields);
    if (!parsed.ok) return refusal(parsed.reason, 400, "/admin/correcciones");
    const row = await addCorrection(db, parsed.value);
    return { back: "/admin/correcciones", audit: { action: "correction.add", details: { id: row.id } } };
  },
  "correction.update": async ({ db, fields }) => {
    const id = parseId(fields.id);
    const parsed = parseCorrection(fields);
    if (!id) return refusal("Falta el identificador.", 400, "/admin/correcciones");
    if (!parsed.ok) return refusal(parsed.reason, 400, "/admin/correcciones");
    if (!(await updateCorrection(db, id, parsed.value))) return refusal("Esa corrección no existe.", 404, "/admin/correcciones");
    return { back: "/admin/correcciones", audit: { action: "correction.update", details: { id } } };
  },
  "correction.delete": onRow("/admin/correcciones", "correction.delete", ({ db }, id) => deleteCorrection(db, id)),
  "legal.paste": async ({ db, fields, now }) => {
    const parsed = parseLegalPaste(fields);
    if (!parsed.ok) return refusal(parsed.reason, 400, "/admin/avisos-legales");
    const stored = await pasteLegalNotice(db, parsed.value.outletId, parsed.value.text, now);
    return {
      back: "/admin/avisos-legales",
      audit: { action: stored ? "legal.paste" : "legal.paste-unchanged", details: { outletId: parsed.value.outletId } },
    };
  },
};
