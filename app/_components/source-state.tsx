/**
 * A source's state as "Estado" and the outlet page both show it (SPEC WEB-7): the shared
 * words of lib/pages/collection-status.ts, then since when, for a closed source or one whose
 * extraction fails, in the page's time zone.
 */
import { sourceStateLabel, type SourceStateInput } from "@/lib/pages/collection-status";
import { Moment } from "./moment";

export function SourceState({ s, now, timeZone, inARow }: { s: SourceStateInput; now: number; timeZone?: string; inARow?: number }) {
  const label = sourceStateLabel(s, now);
  if (s.dead) return <>{label}</>;
  if (s.closedSince != null)
    return (
      <>
        {label} desde el <Moment at={s.closedSince} timeZone={timeZone} />
      </>
    );
  if (s.extractionFailedSince != null) {
    return (
      <>
        {label} desde el <Moment at={s.extractionFailedSince} timeZone={timeZone} />
        {inARow === undefined ? null : ` (${inARow} seguidas)`}
      </>
    );
  }
  return <>{label}</>;
}
