/**
 * What `npm run outlets -- check` prints: per outlet, what answered, what redirected and what is
 * gone, with the replacements the home page and robots.txt offer; then the outlets whose entry
 * the check would change, as an outlets file ready to paste. Pure text from plain data.
 */
import { proposalChanges, proposeOutlet, type OutletCheck, type UrlCheck } from "./outlet-check";
import { serializeOutlets, type OutletConfig } from "./outlets-file";

const FIELD_LABEL: Record<UrlCheck["field"], string> = {
  homepage: "home page",
  feed: "feed",
  sitemap: "sitemap",
  legalNotice: "legal notice",
};

/** One line for one URL: its state, what it is, the address, and where it went or why. */
export function urlLine(u: UrlCheck): string {
  const why = [u.status, u.detail].filter((x) => x !== undefined).join(" ");
  const tail = u.state === "redirected" ? ` -> ${u.finalUrl}` : why ? ` (${why})` : "";
  return `  ${u.state.padEnd(11)} ${FIELD_LABEL[u.field].padEnd(12)} ${u.url}${tail}`;
}

/** Counts of URL states over all checks, e.g. `{ ok: 80, gone: 3 }`. */
export function stateCounts(checks: readonly OutletCheck[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const u of checks.flatMap((c) => c.urls)) counts[u.state] = (counts[u.state] ?? 0) + 1;
  return counts;
}

/** The whole report for `outlets` and their checks (matched by slug). */
export function formatCheckReport(outlets: readonly OutletConfig[], checks: readonly OutletCheck[]): string {
  const lines: string[] = [];
  const changed: OutletConfig[] = [];
  for (const outlet of outlets) {
    const check = checks.find((c) => c.slug === outlet.slug);
    if (!check) continue;
    lines.push(`${outlet.slug} (${outlet.name})`);
    lines.push(...check.urls.map(urlLine));
    const offer = (label: string, urls: readonly string[]) => urls.length > 0 && lines.push(`  ${label}:`, ...urls.map((u) => `    ${u}`));
    offer('feeds its home page announces (<link rel="alternate">)', check.announcedFeeds);
    offer("sitemaps its robots.txt names", check.robotsSitemaps);
    offer("legal-notice links on its home page", check.legalLinks);
    const proposed = proposeOutlet(outlet, check);
    if (proposalChanges(outlet, proposed)) changed.push(proposed);
  }
  const counts = stateCounts(checks);
  const summary = Object.entries(counts)
    .map(([state, n]) => `${n} ${state}`)
    .join(", ");
  lines.push("", `checked ${checks.length} outlets, ${checks.reduce((n, c) => n + c.urls.length, 0)} URLs: ${summary || "none"}`);
  if (changed.length === 0) lines.push("nothing to change in the outlets file");
  else {
    lines.push(`proposed entries for the ${changed.length} outlets the check would change (paste into the outlets file):`);
    lines.push(serializeOutlets(changed, "json").trimEnd());
  }
  return `${lines.join("\n")}\n`;
}

/** The refusal printed when the outlets cannot be reached from here; nothing was changed. */
export function offlineMessage(reason: "no-host-resolves" | "no-answer"): string {
  return reason === "no-host-resolves"
    ? "outlets check: cannot reach the outlets from here: none of their hosts resolves (no network or no DNS). Nothing was sent; nothing was changed.\n"
    : "outlets check: cannot reach the outlets from here: no request got an answer (no route to them). No check was stored; the outlets were not changed.\n";
}
