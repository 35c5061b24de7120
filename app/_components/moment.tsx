/** A moment as a `<time>` element, printed in the given time zone. */
import { formatMoment } from "@/lib/pages/period";

/** `<time dateTime="…">20 nov 2026, 13:00</time>`, or a dash when unknown. */
export function Moment({ at, timeZone, unknown = "—" }: { at: number | null; timeZone?: string; unknown?: string }) {
  if (at === null) return <>{unknown}</>;
  return <time dateTime={new Date(at).toISOString()}>{formatMoment(at, timeZone)}</time>;
}
