/**
 * A front-page capture as evidence: the digest of its ranked list and the citation line a
 * reporter can paste into a story or a complaint. Pure.
 *
 * The digest is SHA-256 over one line per position, `rank TAB url TAB headline LF`, in rank
 * order, headlines as the page cites them (an outlet that asked for no literal headlines
 * gives the same notice for every link). Anyone holding the list (the page, its SVG or the
 * API) can recompute it, and a later change to what we show for that capture changes it.
 */
import { createHash } from "node:crypto";
import { formatDay } from "./format";
import { dayValue } from "./peninsular-time";
import { formatMoment } from "./period";
import { SITE_TIME_ZONE, zoneLabel } from "./time-zone";

/** One position of a cited capture. */
export interface CitedLink {
  rank: number;
  url: string;
  headline: string;
}

/** The digest of a capture's ranked list: `sha256:` and 64 hex digits. */
export function captureDigest(links: readonly CitedLink[]): string {
  const hash = createHash("sha256");
  for (const link of [...links].sort((a, b) => a.rank - b.rank)) hash.update(`${link.rank}\t${link.url}\t${link.headline}\n`);
  return `sha256:${hash.digest("hex")}`;
}

/** What the citation names. */
export interface CitedCapture {
  outletName: string;
  captureId: number;
  /** When the capture was made (epoch ms). */
  at: number;
  digest: string;
  /** The capture's permalink, absolute. */
  url: string;
  /** The day the reader consults it (epoch ms). */
  consultedAt: number;
}

/**
 * "Hemeroscopio. Portada de EL PAÍS, 5 de diciembre de 2026, 10:15 (hora peninsular), captura
 * n.º 1234, sha256:…. https://…/cabeceras/elpais/capturas/1234. Consultado el 6 de diciembre de 2026."
 */
export function citationLine(c: CitedCapture): string {
  return (
    `Hemeroscopio. Portada de ${c.outletName}, ${formatMoment(c.at, SITE_TIME_ZONE)} (${zoneLabel(SITE_TIME_ZONE)}), ` +
    `captura n.º ${c.captureId}, ${c.digest}. ${c.url}. Consultado el ${formatDay(dayValue(c.consultedAt))}.`
  );
}
