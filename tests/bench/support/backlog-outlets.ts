/**
 * The simulated outlets as an outlets file with a backlog: each outlet lists its main
 * feed and copies of it that differ only in the query string (the simulator routes on
 * the path, so each answers the real feed with 200). All are due at once after the
 * import, so in a benchmark window the pacing, not the schedule, is what limits every site.
 *
 * Section feeds are left out: with 1,000 outlets the simulator spends ~200 ms of CPU on
 * each (72 h window over story slots that shrink with the outlet count, more slots than
 * its 50,000-entry memo), which would measure the simulator, not the crawler.
 */
import { simOutlets, toOutletsFile } from "../../sim/index";
import { parseOutletsFile, type OutletConfig } from "../../../lib/outlets-file";

/** `count` outlets, each with `feeds` distinct feed URLs on its feeds host. */
export function backlogOutlets(count: number, feeds: number): OutletConfig[] {
  const rows = toOutletsFile(simOutlets(count)).map((o) => {
    const main = o.feeds[0]!;
    const copies = Array.from({ length: Math.max(0, feeds - 1) }, (_, i) => `${main}?copia=${i + 1}`);
    return { ...o, feeds: [main, ...copies] };
  });
  // Through the product's own parser, as an operator's file would be.
  return parseOutletsFile(JSON.stringify(rows), "bench-outlets.json");
}
