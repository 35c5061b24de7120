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
  groups: string[];
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

/** Regions the simulated regional outlets belong to, by turn. */
const SIM_REGIONS = ["galicia", "euskadi", "andalucia", "aragon"] as const;

/**
 * Groups by catalogue position, like the other traits (tests/sim/README.md): every tenth outlet
 * (9, 19, 29…) is an agency, every third of the rest (2, 5, 8…) regional, the others national;
 * outlets 0, 7, 14… are public broadcasters.
 */
export function simGroups(index: number): string[] {
  const scope =
    index % 10 === 9
      ? ["agencia"]
      : index % 3 === 2
        ? ["regional", SIM_REGIONS[Math.floor(index / 3) % SIM_REGIONS.length]!]
        : ["nacional"];
  return [...scope, ...(index % 7 === 0 ? ["publica"] : [])];
}

/** Outlets-file rows for the given outlets (default: the 30 default outlets). */
export function toOutletsFile(outlets: readonly SimOutlet[] = simOutlets(), port?: number): OutletsFileEntry[] {
  return outlets.map((o, index) => ({
    slug: o.slug,
    name: o.name,
    country: "ES",
    language: "es",
    groups: simGroups(index),
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
