/**
 * An Atom 1.0 document (RFC 4287) for the operator feed (ADM-3): the things that need the
 * operator's attention, for a feed reader that carries the admin session. Plain text only:
 * every value is escaped, nothing is taken as markup.
 */

/** One entry: a stable id per state of a thing, so a change of state is a new entry. */
export interface AtomEntry {
  id: string;
  title: string;
  /** When it started needing attention (epoch ms). */
  updated: number;
  summary: string;
  /** Absolute link to the admin page where it is handled. */
  link: string;
}

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Text safe inside an XML element or attribute; characters XML 1.0 forbids are dropped. */
export function xmlText(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "").replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** The feed document; `updated` is the newest entry's time, or `now` when there is none. */
export function atomFeed(o: { id: string; title: string; selfUrl: string; alternateUrl: string; now: number; entries: readonly AtomEntry[] }): string {
  const updated = o.entries.reduce((max, e) => Math.max(max, e.updated), 0) || o.now;
  const iso = (ms: number) => new Date(ms).toISOString();
  const entries = o.entries.map((e) => [
    "  <entry>",
    `    <id>${xmlText(e.id)}</id>`,
    `    <title type="text">${xmlText(e.title)}</title>`,
    `    <updated>${iso(e.updated)}</updated>`,
    `    <link rel="alternate" href="${xmlText(e.link)}"/>`,
    `    <summary type="text">${xmlText(e.summary)}</summary>`,
    "  </entry>",
  ].join("\n"));
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="es">',
    `  <id>${xmlText(o.id)}</id>`,
    `  <title type="text">${xmlText(o.title)}</title>`,
    `  <updated>${iso(updated)}</updated>`,
    "  <author><name>Hemeroscopio</name></author>",
    `  <link rel="self" type="application/atom+xml" href="${xmlText(o.selfUrl)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlText(o.alternateUrl)}"/>`,
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}
