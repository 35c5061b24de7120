/** Steps through time from a minute: previous/next capture, ±1 hour, ±1 day, now (SPEC WEB-5). */
import { Link } from "@/app/_components/link";
import { HOUR_MS } from "@/lib/pages/peninsular-time";

const DAY_MS = 24 * HOUR_MS;

/** Links to other minutes; `href` builds the address of a minute. Captures are null when there is none that way. */
export function MinuteNav({
  minute,
  previous,
  next,
  now,
  href,
  label = "Navegar en el tiempo",
}: {
  minute: number;
  previous?: number | null;
  next?: number | null;
  now: number;
  href: (at: number) => string;
  label?: string;
}) {
  const step = (delta: number, text: string) => {
    const at = minute + delta;
    return at > now ? (
      <span className="muted">{text}</span>
    ) : (
      <Link href={href(at)} rel="nofollow">
        {text}
      </Link>
    );
  };
  return (
    <nav aria-label={label}>
      <ul className="minute-nav">
        {previous === undefined ? null : (
          <li>
            {previous === null ? (
              <span className="muted">← Captura anterior</span>
            ) : (
              <Link href={href(previous)} rel="nofollow">
                ← Captura anterior
              </Link>
            )}
          </li>
        )}
        <li>{step(-DAY_MS, "−1 día")}</li>
        <li>{step(-HOUR_MS, "−1 hora")}</li>
        <li>{step(HOUR_MS, "+1 hora")}</li>
        <li>{step(DAY_MS, "+1 día")}</li>
        {next === undefined ? null : (
          <li>
            {next === null ? (
              <span className="muted">Captura siguiente →</span>
            ) : (
              <Link href={href(next)} rel="nofollow">
                Captura siguiente →
              </Link>
            )}
          </li>
        )}
      </ul>
    </nav>
  );
}
