/** Export of the outlets file from the admin (SPEC ADM-2, CFG-1); only with a session. */
import { audit } from "@/db/queries/admin/operator";
import { exportOutlets } from "@/db/outlets";
import { database } from "@/db/server";
import { sessionOfRequest } from "@/app/admin/_lib/gate";
import { serializeOutlets } from "@/lib/outlets-file";
import { refusal } from "../../../_lib/refusal";

export async function GET(request: Request): Promise<Response> {
  if (!(await sessionOfRequest(request))) return refusal("Hace falta entrar como operador.", 403, "/admin/entrar");
  const format = new URL(request.url).searchParams.get("formato") === "json" ? "json" : "yaml";
  const { db } = await database();
  const body = serializeOutlets(await exportOutlets(db), format);
  await audit(db, "outlets.export", { format });
  return new Response(body, {
    headers: {
      "content-type": format === "json" ? "application/json; charset=utf-8" : "application/yaml; charset=utf-8",
      "content-disposition": `attachment; filename="cabeceras.${format}"`,
      "cache-control": "no-store",
    },
  });
}
