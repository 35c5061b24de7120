/**
 * Which clock the public pages' times are on (SPEC WEB-7: times are labelled with their
 * zone), in one rule stated on /metodologia: pages about one outlet or one of its articles
 * use the outlet's own time; every page that brings outlets together uses peninsular time.
 * Zones are named as Spanish readers name them, never by their IANA id. Pure.
 */

/** The site's own clock: peninsular Spanish time. */
export const SITE_TIME_ZONE = "Europe/Madrid";

/** Zones Spanish readers have a name for. */
const NAMED: Record<string, string> = {
  "Europe/Madrid": "hora peninsular",
  "Africa/Ceuta": "hora peninsular",
  "Atlantic/Canary": "hora canaria",
};

/** The zone as a reader names it: `"Atlantic/Canary"` → `"hora canaria"`; others by their Spanish generic name. */
export function zoneLabel(timeZone: string = SITE_TIME_ZONE): string {
  const named = NAMED[timeZone];
  if (named) return named;
  try {
    // A winter day of our time: zones have changed their rules over the decades.
    const name = new Intl.DateTimeFormat("es-ES", { timeZone, timeZoneName: "longGeneric" })
      .formatToParts(Date.UTC(2026, 0, 1))
      .find((p) => p.type === "timeZoneName")?.value;
    if (name && name.startsWith("hora")) return name;
    if (name) return `hora ${name}`;
  } catch {
    // An unknown zone falls through to the plain phrase below.
  }
  return "hora local de la cabecera";
}
