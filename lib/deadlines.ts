/**
 * Deadlines the operator works to (SPEC PUB-2, PUB-4, PUB-5, ADM-2), as pure functions of the
 * instants stored: an exclusion is confirmed within 72 h of its receipt; one received by
 * mail is in force within 24 business hours; a reply is published within 3 days; an author's
 * request to hide a byline is decided within 24 business hours.
 * Business hours: every hour of Monday to Friday in the site's time zone (Europe/Madrid);
 * Saturdays and Sundays do not count (public holidays are not modelled).
 */

const HOUR = 3_600_000;
/** PUB-2: every exclusion is confirmed within 72 h of its receipt. */
export const CONFIRM_WITHIN_MS = 72 * HOUR;
/** PUB-4: a reply is published within 3 days of its receipt. */
export const PUBLISH_REPLY_WITHIN_MS = 3 * 24 * HOUR;
/** PUB-2: a request by mail is in force within this many business hours. */
export const MAIL_BUSINESS_HOURS = 24;
/** PUB-5: an author's byline request is accepted or rejected within this many business hours. */
export const BYLINE_BUSINESS_HOURS = 24;
/** A deadline this close counts as "soon". */
const SOON_MS = 12 * HOUR;

/** When an exclusion received at `receivedAt` must be confirmed. */
export function confirmationDeadline(receivedAt: number): number {
  return receivedAt + CONFIRM_WITHIN_MS;
}

/** When a reply received at `receivedAt` must be published. */
export function replyDeadline(receivedAt: number): number {
  return receivedAt + PUBLISH_REPLY_WITHIN_MS;
}

function isWeekday(at: number, timeZone: string): boolean {
  const day = new Intl.DateTimeFormat("en-US", { timeZone, weekday: "short" }).format(at);
  return day !== "Sat" && day !== "Sun";
}

/** The instant `hours` business hours after `from` (minute precision), in `timeZone`. */
export function addBusinessHours(from: number, hours: number, timeZone = "Europe/Madrid"): number {
  const MINUTE = 60_000;
  let remaining = hours * 60;
  let at = from;
  // A cache per hour start: the weekday changes only at an hour boundary in every real zone.
  let cachedHour = NaN;
  let cachedWeekday = true;
  while (remaining > 0) {
    const hour = Math.floor(at / HOUR);
    if (hour !== cachedHour) {
      cachedHour = hour;
      cachedWeekday = isWeekday(at, timeZone);
    }
    if (cachedWeekday) remaining--;
    at += MINUTE;
  }
  return at;
}

/** When a request received by mail at `receivedAt` must be in force. */
export function mailExclusionDeadline(receivedAt: number, timeZone = "Europe/Madrid"): number {
  return addBusinessHours(receivedAt, MAIL_BUSINESS_HOURS, timeZone);
}

/** When a byline request received at `receivedAt` must be decided (PUB-5). */
export function bylineDeadline(receivedAt: number, timeZone = "Europe/Madrid"): number {
  return addBusinessHours(receivedAt, BYLINE_BUSINESS_HOURS, timeZone);
}

/** The state of a deadline at `now`: met (done in time), late (done after it), or open. */
export type DeadlineState = "cumplido" | "cumplido-tarde" | "a-tiempo" | "vence-pronto" | "vencido";

/** Where a task stands against its deadline. */
export function deadlineState(deadline: number, now: number, doneAt?: number): DeadlineState {
  if (doneAt !== undefined) return doneAt <= deadline ? "cumplido" : "cumplido-tarde";
  if (now > deadline) return "vencido";
  return deadline - now <= SOON_MS ? "vence-pronto" : "a-tiempo";
}

/** Spanish labels of the states. */
export const DEADLINE_LABELS: Record<DeadlineState, string> = {
  cumplido: "cumplido",
  "cumplido-tarde": "cumplido fuera de plazo",
  "a-tiempo": "en plazo",
  "vence-pronto": "vence pronto",
  vencido: "vencido",
};

/** "quedan 2 d 3 h" / "vencido hace 5 h" / "quedan 40 min": the distance to a deadline, in Spanish. */
export function describeRemaining(deadline: number, now: number): string {
  const diff = deadline - now;
  const abs = Math.abs(diff);
  const days = Math.floor(abs / (24 * HOUR));
  const hours = Math.floor((abs % (24 * HOUR)) / HOUR);
  const minutes = Math.floor((abs % HOUR) / 60_000);
  const span = days > 0 ? `${days} d ${hours} h` : hours > 0 ? `${hours} h ${minutes} min` : `${minutes} min`;
  return diff >= 0 ? `quedan ${span}` : `vencido hace ${span}`;
}
