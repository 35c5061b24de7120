/**
 * The operator's Atom feed (SPEC ADM-3): what needs attention, for a feed reader that
 * carries the admin session (no cookie: the proxy sends it to the login; a cookie with no
 * session: 403). Never cached.
 */
import { listAttention } from "@/db/admin-attention";
import { appConfig, database, siteClock } from "@/db/server";
import { sessionOfRequest } from "@/app/admin/_lib/gate";
import { atomXml } from "@/lib/pages/atom";
import { refusal } from "../../../_lib/refusal";

export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  if (!(await sessionOfRequest(request))) return refusal("Hace falta entrar como operador.", 403, "/admin/entrar");
  const { db } = await database();
  const now = siteClock().now();
  const items = await listAttention(db, now);
  const body = atomXml(
    appConfig().siteUrl,
    {
      key: "admin/atencion",
      title: "Hemeroscopio: qué necesita atención",
      path: "/admin/atencion/atom",
      pagePath: "/admin/atencion",
      rights: "Uso interno del operador.",
      entries: items.map((i) => ({ key: `admin/atencion/${i.key}`, title: i.title, summary: i.detail, updated: i.since, href: i.path })),
    },
    now,
  );
  return new Response(body, { headers: { "content-type": "application/atom+xml; charset=utf-8", "cache-control": "no-store" } });
}
