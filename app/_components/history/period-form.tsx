/**
 * The period of an outlet's page (SPEC WEB-5): presets as plain links and a GET form with two
 * date fields, so it works without JavaScript and every period is an address.
 */
import { Link } from "@/app/_components/link";
import {
  FIRST_PERIOD_DAY,
  formatDays,
  LAST_PERIOD_DAY,
  outletPeriodHref,
  PERIOD_PRESETS,
  presetPeriod,
  type OutletPeriod,
} from "@/lib/pages/outlet-period";

/** Presets ending today (`today`, a peninsular day) and the form, the chosen period filled in. */
export function PeriodForm({ slug, today, chosen }: { slug: string; today: string; chosen?: OutletPeriod }) {
  const presets = PERIOD_PRESETS.map((p) => ({ ...p, period: presetPeriod(today, p.days) }));
  return (
    <nav aria-label="Periodo" className="period-picker" data-testid="period-picker">
      <p>
        {chosen ? (
          <>
            Cifras {formatDays(chosen.from, chosen.to)} (días en hora peninsular).{" "}
            <Link href={outletPeriodHref(slug)}>Volver a lo más reciente</Link>.
          </>
        ) : (
          <>Cada cifra dice su periodo; por defecto, lo más reciente. Elige otro periodo:</>
        )}
      </p>
      <ul className="minute-nav">
        {presets.map((p) => {
          const current = chosen?.from === p.period.from && chosen.to === p.period.to;
          return (
            <li key={p.key}>
              <Link href={outletPeriodHref(slug, p.period)} aria-current={current ? "page" : undefined} data-testid={`period-${p.key}`}>
                {p.label}
              </Link>
            </li>
          );
        })}
      </ul>
      <form className="minute-form" method="get" action={`/cabeceras/${encodeURIComponent(slug)}`}>
        <label>
          Desde{" "}
          <input
            type="date"
            name="desde"
            defaultValue={chosen?.from ?? presets[1]!.period.from}
            min={FIRST_PERIOD_DAY}
            max={LAST_PERIOD_DAY}
            required
          />
        </label>
        <label>
          Hasta <input type="date" name="hasta" defaultValue={chosen?.to ?? today} min={FIRST_PERIOD_DAY} max={LAST_PERIOD_DAY} required />
        </label>
        <button type="submit">Ver el periodo</button>
      </form>
    </nav>
  );
}
