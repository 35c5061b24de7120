/** POST of the reply form (SPEC PUB-4, SEC-2): guarded like /editores; stored for the operator, who publishes it within 3 days. */
import { sql } from "drizzle-orm";
import { createReply } from "@/db/admin-requests";
import { database, siteClock } from "@/db/server";
import { parseReplyForm } from "@/lib/admin/forms";
import { handlePublicForm } from "@/app/_lib/forms/public-post";
import { siteSecret } from "@/app/_lib/forms/secret";

/** The text (10 000 characters, up to 4 bytes each once encoded) and the other fields. */
const MAX_BYTES = 64 * 1024;

export async function POST(request: Request): Promise<Response> {
  return handlePublicForm(
    request,
    {
      form: "reply",
      back: "/replicas#enviar",
      maxBytes: MAX_BYTES,
      perHour: 5,
      parse: parseReplyForm,
      store: async (db, value, now) => {
        const [outlet] = await db.execute<{ id: number }>(sql`select id from outlets where slug = ${value.outletSlug}`);
        if (!outlet) return "!Elige la cabecera que responde.";
        await createReply(db, { outletId: outlet.id, author: value.author, contact: value.contact, text: value.text, now });
        return "/replicas/enviada";
      },
    },
    { secret: siteSecret(), db: async () => (await database()).db, recordedAt: siteClock().now() },
  );
}
