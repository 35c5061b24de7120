/**
 * The simulated outlets in the shape of the outlets file (docs/architecture.md, `HEMEROSCOPIO_OUTLETS`),
 * so integration tests and the demo import them exactly as an operator would.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { simOutlets, type SimOutlet } from "./outlets";

/** One row of the outlets file, as docs/architecture.md specifies it. */
export interface OutletsFileEntry {
  slug: string;
  name: string;
  country: string;
  language: string;
  timezone: string;
  homepage: string;
  feeds: string[];
  sitemaps: string[];
  legalNotice: string;
  renderMode: "static" | "browser";
  active: boolean;
}

/** Puts `:port` after the host of a sim URL; without a port the URL is left for a resolve rule. */
function withPort(url: string, port?: number): string {
  if (port === undefined) return url;
  const u = new URL(url);
  u.port = String(port);
  return u.toString();
}

/** Outlets-file rows for the given outlets (default: the 30 default outlets). */
export function toOutletsFile(outlets: readonly SimOutlet[] = simOutlets(), port?: number): OutletsFileEntry[] {
  return outlets.map((o) => ({
    slug: o.slug,
    name: o.name,
    country: "ES",
    language: "es",
    timezone: o.timezone,
    homepage: withPort(o.homepage, port),
    feeds: o.feeds.map((f) => withPort(f, port)),
    sitemaps: o.sitemaps.map((s) => withPort(s, port)),
    legalNotice: withPort(o.legalNotice, port),
    renderMode: "static",
    active: true,
  }));
}

/**
 * Writes the outlets file as JSON. Without `port` URLs are `http://www.X.test/` and
 * need `HEMEROSCOPIO_RESOLVE=*.test=127.0.0.1:PORT`; with `port` they carry it.
 */
export async function writeSimOutletsFile(file: string, port?: number, outlets: readonly SimOutlet[] = simOutlets()): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(toOutletsFile(outlets, port), null, 2)}\n`, "utf8");
}
