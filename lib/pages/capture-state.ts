/**
 * What we knew of an outlet's front page at a past minute (SPEC WEB-5), from the captures
 * around it: shown as captured, or before the first capture, or inside a period of failed
 * captures, of a block (401/403, a challenge), or of silence (no attempt recorded for
 * longer than a span survives). Pure: db/queries/front-pages/front-page-at.ts gathers the instants.
 */

/** Longest gap after which the recorder no longer assumes a front page held (crawler/record/frontpage.ts). */
export const CAPTURE_GAP_MS = 2 * 3_600_000;

/** Instants around the minute asked for, as epoch ms (null: none). */
export interface CaptureFacts {
  /** Start of the minute asked for, and now. */
  minute: number;
  now: number;
  /** The outlet's first successful capture ever. */
  firstOk: number | null;
  /** The last successful capture by the end of the minute: the page shown. */
  shown: number | null;
  /** The first failed capture after `shown`, by the end of the minute, and the latest one's outcome. */
  failedSince: number | null;
  lastFailure: string | null;
  /** The first refusal (blocked, challenge) of the front page after `shown`, by the end of the minute. */
  blockedSince: number | null;
}

/** The state of the minute, for the page's notice. */
export type CaptureState =
  | { kind: "captured" }
  | { kind: "future" }
  | { kind: "never" }
  | { kind: "before-first"; firstOk: number }
  | { kind: "blocked"; since: number }
  | { kind: "failed"; since: number; outcome: string }
  | { kind: "silent"; since: number };

const REFUSALS = new Set(["blocked", "challenge"]);

/** The state of the minute `facts.minute`; a block wins over other failures, failures over silence. */
export function captureState(facts: CaptureFacts): CaptureState {
  if (facts.minute > facts.now) return { kind: "future" };
  if (facts.firstOk === null) return { kind: "never" };
  if (facts.shown === null) return { kind: "before-first", firstOk: facts.firstOk };
  const refusedSince = [facts.blockedSince, facts.lastFailure && REFUSALS.has(facts.lastFailure) ? facts.failedSince : null].filter(
    (t): t is number => t !== null,
  );
  if (refusedSince.length > 0) return { kind: "blocked", since: Math.min(...refusedSince) };
  if (facts.failedSince !== null) return { kind: "failed", since: facts.failedSince, outcome: facts.lastFailure ?? "error" };
  if (facts.minute - facts.shown > CAPTURE_GAP_MS) return { kind: "silent", since: facts.shown };
  return { kind: "captured" };
}

/** Reader words for a failed capture's outcome. */
export function failureWords(outcome: string): string {
  switch (outcome) {
    case "extraction-failed":
      return "no encontramos noticias en la página (extracción fallida)";
    case "timeout":
      return "la página no respondió a tiempo";
    case "unreachable":
      return "no pudimos conectar con el servidor";
    case "http-error":
      return "el servidor respondió con un error";
    case "rate-limited":
      return "el servidor nos pidió esperar";
    case "too-large":
      return "la página superaba el tamaño máximo que leemos";
    default:
      return "la captura falló";
  }
}
