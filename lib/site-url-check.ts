/**
 * Feeds, the bot's identity and our TDM policy are written with absolute links built on the
 * site URL (HEMEROSCOPIO_SITE_URL). Left at its default, a self-hosted copy published on a
 * network publishes Atom feeds that point at the public project's site. This says so, at start
 * (scripts/start.ts) and in the admin; a site on loopback only (a laptop, the demo, tests) is
 * fine. Pure.
 */
import { isIP } from "node:net";
import { DEFAULT_SITE_URL } from "./config";

/** True for an address only this machine can reach: 127.0.0.0/8, ::1, localhost. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  if (h === "localhost" || h.endsWith(".localhost")) return true;
  if (isIP(h) === 4) return h.startsWith("127.");
  if (isIP(h) === 6) return h === "::1" || h === "0:0:0:0:0:0:0:1" || h.startsWith("::ffff:127.");
  return false;
}

/** The warning, in the operator's Spanish, or undefined when the site URL is set or the site listens on loopback only. */
export function siteUrlWarning(c: { siteUrl: string; host: string }): string | undefined {
  if (c.siteUrl.replace(/\/+$/, "") !== DEFAULT_SITE_URL || isLoopbackHost(c.host)) return undefined;
  return (
    `La dirección pública del sitio es la de fábrica (${DEFAULT_SITE_URL}) y el sitio escucha en ${c.host}, fuera de esta máquina: ` +
    `los feeds Atom, la identidad del bot y la política TDM enlazarán al sitio del proyecto, no al vuestro. ` +
    `Poned vuestra dirección en HEMEROSCOPIO_SITE_URL y reiniciad.`
  );
}
