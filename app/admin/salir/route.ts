/** Logout (SPEC ADM-1): the session row is deleted and the cookie cleared. */
import { deleteSession } from "@/db/queries/admin/operator";
import { clearSessionCookie } from "@/lib/admin/session";
import { requestIsHttps } from "@/app/admin/_lib/gate";
import { adminPost } from "../_lib/post";

export async function POST(request: Request): Promise<Response> {
  const response = await adminPost(request, 1024, async ({ db, session }) => {
    await deleteSession(db, session.idHash);
    return { back: "/admin/entrar", audit: { action: "logout" } };
  });
  if (response.status === 303) response.headers.append("set-cookie", clearSessionCookie(requestIsHttps(request)));
  return response;
}
