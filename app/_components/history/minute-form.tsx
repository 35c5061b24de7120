/** A plain GET form with a date-time field in peninsular time (SPEC WEB-5): works without JavaScript. */
import type { ReactNode } from "react";
import { minuteValue } from "@/lib/pages/peninsular-time";

/** The form for a minute; `children` are extra fields (e.g. the outlets of a side-by-side view). */
export function MinuteForm({
  action,
  minute,
  children,
  submit = "Ver",
}: {
  action: string;
  minute: number;
  children?: ReactNode;
  submit?: string;
}) {
  return (
    <form className="minute-form" method="get" action={action}>
      <label>
        Día y hora (hora peninsular)
        <input type="datetime-local" name="en" defaultValue={minuteValue(minute)} required />
      </label>
      {children}
      <button type="submit">{submit}</button>
    </form>
  );
}
