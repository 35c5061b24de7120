/**
 * The slot every login, setup and recovery attempt takes before its secret is checked
 * (SPEC ADM-1; rules in lib/admin/throttle.ts): per address, never per account.
 */
import "server-only";
import type { Db } from "@/db/client";
import { audit } from "@/db/queries/admin/operator";
import { takeAttemptSlot, type GuardedForm } from "@/db/queries/admin/login-throttle";
import { waitInSpanish } from "@/lib/admin/throttle";
import { addressKey } from "@/lib/forms/guard";
import { refusal } from "./refusal";

/** The reader's address key: the entry our front door added to X-Forwarded-For (the last one). */
export function requestAddressKey(request: Request, secret: string, now: number): string {
  const address = request.headers.get("x-forwarded-for")?.split(",").at(-1)?.trim() || "unknown";
  return addressKey(secret, address, now);
}

/** Take the slot, or the 429 refusal (with Retry-After) the address gets while it must wait. */
export async function attemptSlot(db: Db, form: GuardedForm, key: string, now: number, back: string): Promise<Response | undefined> {
  const slot = await takeAttemptSlot(db, { form, addressKey: key, now });
  if (slot.ok) return undefined;
  await audit(db, `${form}.throttled`, { by: "address", waitS: Math.ceil(slot.waitMs / 1000) }, now);
  const response = refusal(
    `Demasiados intentos desde esta dirección. Espera ${waitInSpanish(slot.waitMs)} antes de volver a intentarlo.`,
    429,
    back,
  );
  response.headers.set("retry-after", String(Math.ceil(slot.waitMs / 1000)));
  return response;
}
