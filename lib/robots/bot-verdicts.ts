/**
 * Who blocks which bots (SPEC WEB-9): what each stored robots.txt version says to well-known
 * crawlers, read with the product's own matcher (RFC 9309 group selection, lib/robots/robots.ts),
 * and since when each verdict holds. Pure: versions in, verdicts, counts and changes out.
 */
import { parseRobots, type Robots } from "./robots";

/** The crawlers the table shows, by product token, with who runs them and what for. */
export const BOTS: readonly { token: string; owner: string; purpose: string }[] = [
  { token: "HemeroscopioBot", owner: "Hemeroscopio", purpose: "este observatorio" },
  { token: "GPTBot", owner: "OpenAI", purpose: "entrenamiento de modelos" },
  { token: "OAI-SearchBot", owner: "OpenAI", purpose: "búsqueda de ChatGPT" },
  { token: "ChatGPT-User", owner: "OpenAI", purpose: "lecturas a petición de usuarios" },
  { token: "ClaudeBot", owner: "Anthropic", purpose: "entrenamiento de modelos" },
  { token: "CCBot", owner: "Common Crawl", purpose: "archivo abierto, usado para entrenar modelos" },
  { token: "Google-Extended", owner: "Google", purpose: "entrenamiento de Gemini (no afecta al buscador)" },
  { token: "Googlebot", owner: "Google", purpose: "buscador" },
  { token: "PerplexityBot", owner: "Perplexity", purpose: "buscador con IA" },
  { token: "Bytespider", owner: "ByteDance", purpose: "entrenamiento de modelos" },
  { token: "Applebot-Extended", owner: "Apple", purpose: "entrenamiento de modelos de Apple" },
  { token: "meta-externalagent", owner: "Meta", purpose: "entrenamiento de modelos" },
  { token: "Amazonbot", owner: "Amazon", purpose: "Alexa y modelos" },
];

/** What a robots.txt says to one crawler. */
export type BotVerdict = "allowed" | "partial" | "disallowed";

/** Spanish words for each verdict, as the page and the CSV's readers see them. */
export const VERDICT_WORDS: Record<BotVerdict, string> = {
  allowed: "permitido",
  partial: "bloqueo parcial",
  disallowed: "bloqueado",
};

// Paths an outlet's pages live under: the front page and a typical article address. A crawler
// denied both is shut out; one denied only some paths (or only these) is partially blocked.
const PROBES = ["/", "/hemeroscopio-comprobacion/2026/01/01/noticia.html"] as const;

/** The verdict `robots` gives `token`: disallowed when its front page and articles are, partial when any path is. */
export function botVerdict(robots: Robots, token: string): BotVerdict {
  const denied = PROBES.filter((p) => !robots.isAllowed(p, token)).length;
  if (denied === PROBES.length) return "disallowed";
  return denied > 0 || robots.disallowsAny(token) ? "partial" : "allowed";
}

/** One stored robots.txt version of an outlet's host. */
export interface RobotsVersion {
  sha256: string;
  text: string;
  /** When we first fetched it (epoch ms): it is in force from then until the next version's. */
  firstFetchedAt: number;
}

/** A verdict in force for one outlet and crawler, with when it began. */
export interface VerdictSpan {
  verdict: BotVerdict;
  /** When the first version with this verdict (in an unbroken run) was first fetched. */
  since: number;
  /** The run starts at our first copy of the file: the verdict may be older. */
  sinceFirstCopy: boolean;
  /** The version in force. */
  sha256: string;
}

/** Each crawler's verdict per version, oldest first: token → one entry per version. */
export function verdictsByVersion(versions: readonly RobotsVersion[], tokens: readonly string[] = BOTS.map((b) => b.token)) {
  const sorted = [...versions].sort((a, b) => a.firstFetchedAt - b.firstFetchedAt);
  const parsed = sorted.map((v) => ({ version: v, robots: parseRobots(v.text) }));
  return new Map(tokens.map((t) => [t, parsed.map(({ version, robots }) => ({ version, verdict: botVerdict(robots, t) }))]));
}

/** The verdict now in force for each crawler, and since when, from an outlet's versions; empty without versions. */
export function currentVerdicts(versions: readonly RobotsVersion[], tokens?: readonly string[]): Map<string, VerdictSpan> {
  const out = new Map<string, VerdictSpan>();
  for (const [token, list] of verdictsByVersion(versions, tokens)) {
    const last = list[list.length - 1];
    if (!last) continue;
    let start = list.length - 1;
    while (start > 0 && list[start - 1]!.verdict === last.verdict) start--;
    out.set(token, {
      verdict: last.verdict,
      since: list[start]!.version.firstFetchedAt,
      sinceFirstCopy: start === 0,
      sha256: last.version.sha256,
    });
  }
  return out;
}

/** A change of verdict between two versions of one outlet's robots.txt. */
export interface VerdictChange {
  token: string;
  at: number;
  from: BotVerdict;
  to: BotVerdict;
  sha256: string;
}

/** Every change of verdict in an outlet's versions, oldest first (the first copy is not a change). */
export function verdictChanges(versions: readonly RobotsVersion[], tokens?: readonly string[]): VerdictChange[] {
  const out: VerdictChange[] = [];
  for (const [token, list] of verdictsByVersion(versions, tokens)) {
    for (let i = 1; i < list.length; i++) {
      const before = list[i - 1]!,
        now = list[i]!;
      if (before.verdict !== now.verdict) {
        out.push({ token, at: now.version.firstFetchedAt, from: before.verdict, to: now.verdict, sha256: now.version.sha256 });
      }
    }
  }
  return out.sort((a, b) => a.at - b.at || a.token.localeCompare(b.token));
}

/** The verdict in force at `at` from an outlet's per-version verdicts (undefined before its first copy). */
export function verdictAt(list: readonly { version: RobotsVersion; verdict: BotVerdict }[], at: number): BotVerdict | undefined {
  let found: BotVerdict | undefined;
  for (const entry of list) {
    if (entry.version.firstFetchedAt > at) break;
    found = entry.verdict;
  }
  return found;
}

/**
 * Outlets blocking each crawler (fully or partly) at each instant of `points`: the counts per bot
 * over time. `outlets` are each outlet's versions; an outlet without a copy by then is not counted.
 */
export function blockCounts(
  outlets: readonly (readonly RobotsVersion[])[],
  points: readonly number[],
  tokens: readonly string[] = BOTS.map((b) => b.token),
): { at: number; known: number; counts: Map<string, { disallowed: number; partial: number }> }[] {
  const perOutlet = outlets.map((v) => verdictsByVersion(v, tokens));
  return points.map((at) => {
    const counts = new Map(tokens.map((t) => [t, { disallowed: 0, partial: 0 }]));
    let known = 0;
    for (const verdicts of perOutlet) {
      const first = verdicts.get(tokens[0]!)?.[0];
      if (!first || first.version.firstFetchedAt > at) continue;
      known++;
      for (const t of tokens) {
        const v = verdictAt(verdicts.get(t)!, at);
        if (v === "disallowed") counts.get(t)!.disallowed++;
        if (v === "partial") counts.get(t)!.partial++;
      }
    }
    return { at, known, counts };
  });
}
