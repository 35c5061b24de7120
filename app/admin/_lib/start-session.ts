/** Starts an operator session: a random id in the cookie, its hash in the database (SPEC ADM-1). */
import "server-only";
import type { Executor } from "@/db/client";
import { createSession } from "@/db/queries/admin/operator";
import { hashSessionId, newSessionId, sessionCookie, sessionNow, SESSION_MS } from "@/lib/admin/session";

/** The Set-Cookie header value of a new session, started now on the session clock. */
export async function startSession(db: Executor, https: boolean): Promise<string> {
  const id = newSessionId();
  const now = sessionNow();
  await createSession(db, hashSessionId(id), now, now + SESSION_MS);
  return sessionCookie(id, https);
}
