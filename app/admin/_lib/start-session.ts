/** Starts an operator session: a random id in the cookie, its hash in the database (SPEC ADM-1). */
import "server-only";
import type { Executor } from "@/db/client";
import { createSession } from "@/db/queries/admin/operator";
import { hashSessionId, newSessionId, sessionCookie, SESSION_MS } from "@/lib/admin/session";

/** The Set-Cookie header value of a new session, stored at `now`. */
export async function startSession(db: Executor, now: number, https: boolean): Promise<string> {
  const id = newSessionId();
  await createSession(db, hashSessionId(id), now, now + SESSION_MS);
  return sessionCookie(id, https);
}
