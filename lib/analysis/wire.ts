/**
 * Wire copy (SPEC DER-3), pure functions: the agency credit of a body or byline, read in
 * memory at article-read time, and near-identical body summaries (64-bit SimHash of word
 * 3-shingles, lib/analysis/simhash.ts) across outlets within a window.
 */

/** Agency copies appear within hours of each other; two days covers late reprints. */
export const WIRE_WINDOW_MS = 48 * 3_600_000;
/** `articles.agency` of a near copy whose agency no member of its group credits. */
export const UNKNOWN_AGENCY = "Agencia sin identificar";

/** Agencies we recognise, with the spellings of their credit lines (accent-folded, lower case). */
const AGENCIES: readonly { name: string; spellings: readonly string[] }[] = [
  { name: "EFE", spellings: ["efe", "agencia efe"] },
  { name: "Europa Press", spellings: ["europa press", "ep"] },
  { name: "Reuters", spellings: ["reuters"] },
  { name: "AFP", spellings: ["afp", "france presse", "france-presse", "agence france-presse"] },
  { name: "AP", spellings: ["ap", "associated press"] },
  { name: "Servimedia", spellings: ["servimedia"] },
  { name: "Colpisa", spellings: ["colpisa"] },
  { name: "Agencia Atlas", spellings: ["atlas", "agencia atlas"] },
  { name: "ACN", spellings: ["acn", "agencia catalana de noticias", "agencia catalana de noticies"] },
  { name: "Agencias", spellings: ["agencias", "redaccion agencias", "agencias redaccion"] },
];

const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();

const BY_SPELLING = new Map(AGENCIES.flatMap((a) => a.spellings.map((s) => [s, a.name] as const)));
const ALTERNATIVES = [...BY_SPELLING.keys()].sort((a, b) => b.length - a.length).join("|");
/** A dateline credit: "MADRID, 10 mar. (EFE).-", "(Europa Press) -", "/EP/"; also at the end: "(EFE)". */
const DATELINE = new RegExp(`[(/](${ALTERNATIVES})[)/]\\s*(?:[.]?\\s*[-–—]|[.:]|$)`, "u");
/** Where a credit line sits: the dateline opens the body; a trailing credit closes it. */
const HEAD_CHARS = 300;
const TAIL_CHARS = 120;

/** The agency named by a byline ("EFE", "Europa Press", "Agencias"), if it is one. */
export function agencyOfByline(authors: readonly string[]): string | undefined {
  for (const author of authors) {
    const name = BY_SPELLING.get(fold(author).replace(/^(por|fuente:?)\s+/, ""));
    if (name) return name;
  }
  return undefined;
}

/**
 * The agency credited by an article: its byline, else a credit line at the head or tail of
 * the body. Read in memory; the caller keeps only the agency's name (STO-3).
 */
export function agencyCredit(p: { body?: string; authors: readonly string[] }): string | undefined {
  const byline = agencyOfByline(p.authors);
  if (byline) return byline;
  if (!p.body) return undefined;
  const body = fold(p.body);
  for (const part of [body.slice(0, HEAD_CHARS), body.slice(-TAIL_CHARS)]) {
    const m = DATELINE.exec(part);
    if (m?.[1]) return BY_SPELLING.get(m[1]);
  }
  return undefined;
}

/**
 * Bits (of 64) within which two body summaries count as the same text: 3, the value Manku,
 * Jain and Das Sarma (WWW 2007) found right for 64-bit SimHash near-duplicates of web pages.
 * Unrelated texts differ in about 32 bits (σ = 4); but newsroom prose on one subject shares
 * much phrasing, and on the simulated web 48 h of 30 outlets give false pairs from 4 bits
 * up (none at ≤ 3; the simulated agency copies are verbatim, at 0). So a copy must be the
 * agency text nearly verbatim (case, accents and punctuation never count); a reprint with
 * a sentence added to a short text can move more than 3 bits and is then caught only by
 * its credit line.
 */
export const WIRE_HAMMING_THRESHOLD = 3;

function popcount32(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** One analysed body. */
export interface WireItem {
  articleId: number;
  outletId: number;
  at: number;
  simhash: bigint;
  shingles: number;
  credit?: string;
}

/** Wire-copy verdicts: which articles are agency copy and, when known, of which agency. */
export interface WireVerdict {
  articleId: number;
  agency?: string;
}

/**
 * Articles whose body is a near copy (≤ `threshold` bits) of another outlet's within
 * `windowMs`, or that carry a credit line. A copy takes the credit found in its group, if
 * any. Bodies with too few shingles (< 20) are too short to call a copy.
 */
export function wireCopies(items: readonly WireItem[], p: { windowMs: number; threshold?: number; minShingles?: number }): WireVerdict[] {
  const threshold = p.threshold ?? WIRE_HAMMING_THRESHOLD;
  if (threshold > 7) throw new Error("the byte-bucket search finds pairs within 7 bits at most");
  const minShingles = p.minShingles ?? 20;
  const sorted = [...items].sort((a, b) => a.at - b.at);
  const halves = sorted.map((item) => {
    const u = BigInt.asUintN(64, item.simhash);
    return [Number(u >> 32n), Number(u & 0xffffffffn)] as const;
  });
  const parent = sorted.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const copied = new Set<number>();
  // Pigeonhole: two summaries within 7 bits agree on at least one of their 8 bytes, so
  // comparing within byte buckets finds every near pair without comparing all pairs.
  const buckets = new Map<number, number[]>();
  for (let i = 0; i < sorted.length; i++) {
    const a = sorted[i]!;
    if (a.shingles < minShingles) continue;
    const [hi, lo] = halves[i]!;
    const keys = [0, 8, 16, 24].flatMap((shift, k) => [(k << 8) | ((hi >>> shift) & 0xff), ((k + 4) << 8) | ((lo >>> shift) & 0xff)]);
    const seen = new Set<number>();
    for (const key of keys) {
      const bucket = buckets.get(key);
      for (const j of bucket ?? []) {
        if (seen.has(j)) continue;
        seen.add(j);
        const b = sorted[j]!;
        if (a.at - b.at > p.windowMs || b.outletId === a.outletId) continue;
        const [bhi, blo] = halves[j]!;
        if (popcount32(hi ^ bhi) + popcount32(lo ^ blo) <= threshold) {
          parent[find(i)] = find(j);
          copied.add(i).add(j);
        }
      }
      if (bucket) bucket.push(i);
      else buckets.set(key, [i]);
    }
  }
  const creditOf = new Map<number, string>();
  sorted.forEach((item, i) => {
    if (item.credit && copied.has(i) && !creditOf.has(find(i))) creditOf.set(find(i), item.credit);
  });
  return sorted.flatMap((item, i) => {
    if (item.credit) return [{ articleId: item.articleId, agency: item.credit }];
    if (!copied.has(i)) return [];
    const agency = creditOf.get(find(i));
    return [agency ? { articleId: item.articleId, agency } : { articleId: item.articleId }];
  });
}
