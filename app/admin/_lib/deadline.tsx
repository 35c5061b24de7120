/** A deadline as the queue shows it: the instant, its state and the time left (SPEC ADM-2). */
import { Moment } from "@/app/_components/moment";
import { DEADLINE_LABELS, deadlineState, describeRemaining } from "@/lib/deadlines";

/** `5 mar 2026, 11:00 · en plazo (quedan 2 d 3 h)`. */
export function Deadline({ at, now, doneAt }: { at: number; now: number; doneAt?: number }) {
  const state = deadlineState(at, now, doneAt);
  return (
    <span className={`state-${state}`} data-deadline-state={state}>
      <Moment at={at} /> · {DEADLINE_LABELS[state]}
      {doneAt === undefined ? ` (${describeRemaining(at, now)})` : ""}
    </span>
  );
}
