/**
 * Page-level signals (SPEC SIG-1, SIG-3, SIG-4) from headers and `<meta>` tags given as plain
 * data: TDMRep reservation, meta robots / X-Robots-Tag directives addressed to everyone or to
 * our product token, `noai`/`noimageai`, and the raw `Content-Usage` header.
 */
import { headerValues, type HeaderBag } from "./http-fields";
import { tdmState, type MetaTag, type TdmRepRule, type TdmState } from "./tdmrep";

/** What the fetcher and the page head provide. */
export interface SignalInput {
  url: string;
  /** Our robots product token, e.g. `HemeroscopioBot` (ID-1). */
  productToken: string;
  headers?: HeaderBag;
  meta?: readonly MetaTag[];
  /** The host's parsed `/.well-known/tdmrep.json`, when it has one. */
  tdmrep?: readonly TdmRepRule[];
}

/** The typed verdict recorded for a page. */
export interface SignalVerdict {
  /** SIG-1: a TDM reservation applies: the body is not read or summarised. */
  tdmReserved: boolean;
  /** SIG-1: the TDMRep value in force, its policy URL and where it came from. */
  tdm: TdmState;
  /** SIG-3: `noai` or `noimageai` applies to us: no model annotation for this page. */
  noAnnotation: boolean;
  /** SIG-3: directives for everyone or for us, lower-case names, deduplicated, `none` expanded. */
  robotsDirectives: string[];
  /** SIG-4: `Content-Usage` header (IETF aipref) as sent, for transparency. */
  contentUsage?: string;
}

// Google robots-meta-tag spec: these take a value after ":" and do not name a crawler.
const VALUED = new Set(["max-snippet", "max-image-preview", "max-video-preview", "unavailable_after"]);
const NAMED = /^([A-Za-z][A-Za-z0-9_-]*)\s*:\s*(.*)$/;
const IMPLIED: Readonly<Record<string, readonly string[]>> = { none: ["noindex", "nofollow"] };

function normalise(directive: string): string {
  const named = NAMED.exec(directive);
  if (!named) return directive.toLowerCase();
  return `${(named[1] ?? "").toLowerCase()}:${(named[2] ?? "").trim()}`;
}

// developers.google.com robots-meta-tag: a `<bot>:` prefix scopes the directives after it.
/** Directives of one `X-Robots-Tag` value that apply to everyone or to `productToken`. */
export function robotsTagDirectives(value: string, productToken: string): string[] {
  const ours = productToken.toLowerCase();
  const out: string[] = [];
  let scope: string | undefined; // undefined: all crawlers
  let last: number | undefined; // index of an unavailable_after whose date may hold commas
  for (const piece of value.split(",")) {
    let token = piece.trim();
    if (token === "") continue;
    if (last !== undefined && !/^[A-Za-z][A-Za-z_-]*(\s*:|$)/.test(token)) {
      out[last] = `${out[last] ?? ""}, ${token}`; // "unavailable_after: Friday, 25-Jun-10 15:00:00 PST"
      continue;
    }
    last = undefined;
    const named = NAMED.exec(token);
    if (named && !VALUED.has((named[1] ?? "").toLowerCase())) {
      scope = (named[1] ?? "").toLowerCase();
      token = (named[2] ?? "").trim();
      if (token === "") continue;
    }
    if (scope !== undefined && scope !== ours) continue;
    const directive = normalise(token);
    if (directive.startsWith("unavailable_after:")) last = out.length;
    out.push(directive);
  }
  return out;
}

// One directive word, or a valued one written without blanks (`max-snippet:-1`).
const WORD = /^[A-Za-z][A-Za-z_-]*(?::\S+)?$/;

/**
 * Directives of a `<meta name=robots|our token|googlebot>` content: a comma-separated list.
 * Pages also write directives apart by blanks only (`content="index follow"`, El Comercio):
 * a piece made only of directive words is read as those words, so `noindex nofollow` binds
 * as two directives; an `unavailable_after` date keeps its blanks.
 */
function metaDirectives(content: string): string[] {
  return content
    .split(",")
    .map((d) => d.trim())
    .filter(Boolean)
    .flatMap((piece) => {
      const words = piece.split(/\s+/);
      return words.length > 1 && !/^unavailable_after\s*:/i.test(piece) && words.every((w) => WORD.test(w)) ? words : [piece];
    })
    .map(normalise);
}

/** SIG-1, SIG-3, SIG-4: read a page's signals from its headers, meta tags and tdmrep.json. */
export function readSignals(input: SignalInput): SignalVerdict {
  const ours = input.productToken.toLowerCase();
  const fromHeaders = headerValues(input.headers, "x-robots-tag").flatMap((v) => robotsTagDirectives(v, ours));
  const fromMeta = (input.meta ?? [])
    .filter((m) => ["robots", ours].includes(m.name.trim().toLowerCase()))
    .flatMap((m) => metaDirectives(m.content));
  // Google: all applicable rules combine, so the most restrictive applies.
  const all = new Set<string>();
  for (const directive of [...fromHeaders, ...fromMeta]) {
    all.add(directive);
    for (const implied of IMPLIED[directive] ?? []) all.add(implied);
  }
  const tdm = tdmState(input);
  const contentUsage = headerValues(input.headers, "content-usage").join(", ").trim();
  return {
    tdmReserved: tdm.reservation === 1,
    tdm,
    // DeviantArt's noai/noimageai convention (docs/standards.md §6): no model annotation (SIG-3).
    noAnnotation: all.has("noai") || all.has("noimageai"),
    robotsDirectives: [...all],
    ...(contentUsage ? { contentUsage } : {}),
  };
}
