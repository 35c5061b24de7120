/** POST of the byline form (SPEC PUB-5, SEC-2): guarded like /editores; the operator accepts it in the admin. */
import { createBylineRequest } from "@/db/admin-requests";
import { database, siteClock } from "@/db/server";
import { parseBylineForm } from "@/lib/admin/forms";
import { handlePublicForm } from "@/app/_lib/forms/public-post";
import { siteSecret } from "@/app/_lib/forms/secret";

const MAX_BYTES = 4 * 1024;

export async function POST(request: Request): Promise<Response> {
  return handlePublicForm(
    request,
    {
      form: "byline",
      back: "/privacidad#firmas",
      maxBytes: MAX_BYTES,
      perHour: 5,
      parse: parseBylineForm,
      store: async (db, value, now) => {
        await createBylineRequest(db, { ...value, now });
        return "/privacidad/enviada";
      },
    },
    { secret: siteSecret(), db: async () => (await database()).db, recordedAt: siteClock().now() },
  );
}
