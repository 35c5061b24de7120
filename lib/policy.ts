/**
 * The one place where publishers' and authors' requests are enforced (SPEC PUB-6).
 * Pure: the scopes in force come in (db/policies-in-force.ts loads them), decisions go out.
 * The crawler asks `mayRequest` before every job; every page, API answer and export
 * passes headlines, ranks, bylines and model annotations through `cite*` and `shows*`.
 */
import type { JobKind } from "./source-kinds";

/** The exclusion scopes of PUB-1, plus "stop probing" (PUB-3), as stored. */
export const EXCLUSION_SCOPES = ["sin-titulares-literales", "sin-anotacion-de-modelo", "sin-posicion", "total", "sin-sondeo"] as const;
/**
 * PUB-7: the "slow down" requests, stored beside the exclusions: the front page at most
 * hourly, feeds and sitemaps at most hourly, no article pages read, and a minimum pause
 * between any two requests to the publisher's domain (the one scope with a parameter, its
 * seconds). A publisher may hold several at once.
 */
export const SLOW_DOWN_SCOPES = ["portada-cada-hora", "fuentes-cada-hora", "sin-lectura-de-articulos", "pausa-minima"] as const;
/** Every kind of publisher request the exclusions table holds. */
export const SCOPES = [...EXCLUSION_SCOPES, ...SLOW_DOWN_SCOPES] as const;
export type Scope = (typeof SCOPES)[number];

/** True for a "slow down" request (PUB-7), false for an exclusion (PUB-1, PUB-3). */
export function isSlowDown(scope: Scope): boolean {
  return (SLOW_DOWN_SCOPES as readonly Scope[]).includes(scope);
}

/** PUB-7: the least time between two polls of a front page, or of a feed or sitemap, under "slow down". */
export const SLOW_DOWN_MIN_MINUTES = 60;

/**
 * PUB-7: the seconds a "pausa-minima" request may ask for. At least our own largest gap
 * (5 s) doubled, so it always slows us down; at most ten minutes, which still lets a front
 * page, its feeds and its sitemaps be read within the hour (docs/operations.md).
 */
export const MIN_PAUSE_SECONDS = { least: 10, most: 600 } as const;

/** True when `seconds` is a whole number of seconds a "pausa-minima" request may ask for. */
export function isMinPauseSeconds(seconds: number): boolean {
  return Number.isInteger(seconds) && seconds >= MIN_PAUSE_SECONDS.least && seconds <= MIN_PAUSE_SECONDS.most;
}

/** What may be done with one outlet. */
export interface OutletPolicy {
  /** `total`: nothing requested, nothing shown, data deleted (STO-4). */
  readonly excluded: boolean;
  /** `sin titulares literales`: headlines are not shown verbatim. */
  readonly headlinesVerbatim: boolean;
  /** `sin posición`: the front page is neither captured nor shown. */
  readonly positions: boolean;
  /** `sin anotación de modelo`: no model sees the outlet's headlines. */
  readonly modelAnnotations: boolean;
  /** PUB-3: the hourly probes of a closed front page go on. */
  readonly probing: boolean;
  /** PUB-7: article pages may be read (false under "sin lectura de artículos"). */
  readonly articleReads: boolean;
  /** PUB-7: least minutes between two front-page polls (0: no request). */
  readonly frontPageMinMinutes: number;
  /** PUB-7: least minutes between two polls of one feed or sitemap (0: no request). */
  readonly sourcesMinMinutes: number;
  /** PUB-7: least seconds between two requests to the publisher's domain (0: no request). */
  readonly minPauseSeconds: number;
  /** The scopes in force, for the register and the outlet page. */
  readonly scopes: readonly Scope[];
}

/** An outlet with no request in force. */
export const OPEN_POLICY: OutletPolicy = Object.freeze({
  excluded: false,
  headlinesVerbatim: true,
  positions: true,
  modelAnnotations: true,
  probing: true,
  articleReads: true,
  frontPageMinMinutes: 0,
  sourcesMinMinutes: 0,
  minPauseSeconds: 0,
  scopes: [],
});

/**
 * The policy that a set of scopes in force gives; `total` implies every other scope.
 * `minPauseSeconds`: the seconds of the outlet's "pausa-minima" requests (the largest wins).
 */
export function policyFromScopes(scopes: Iterable<Scope>, minPauseSeconds: readonly number[] = []): OutletPolicy {
  const set = new Set(scopes);
  if (set.size === 0) return OPEN_POLICY;
  const total = set.has("total");
  return Object.freeze({
    excluded: total,
    headlinesVerbatim: !total && !set.has("sin-titulares-literales"),
    positions: !total && !set.has("sin-posicion"),
    modelAnnotations: !total && !set.has("sin-anotacion-de-modelo"),
    probing: !total && !set.has("sin-sondeo"),
    articleReads: !total && !set.has("sin-lectura-de-articulos"),
    frontPageMinMinutes: set.has("portada-cada-hora") ? SLOW_DOWN_MIN_MINUTES : 0,
    sourcesMinMinutes: set.has("fuentes-cada-hora") ? SLOW_DOWN_MIN_MINUTES : 0,
    minPauseSeconds: set.has("pausa-minima") ? Math.max(0, ...minPauseSeconds) : 0,
    scopes: SCOPES.filter((s) => set.has(s)),
  });
}

/** Shown in place of a headline under "sin titulares literales". */
export const WITHHELD_HEADLINE = "Titular no reproducido a petición del medio";
/** Shown in place of a byline whose author asked (PUB-5). */
export const UNSIGNED = "sin firma a petición del autor";

/** A headline as it may be cited: its text, or null with `withheld` set. */
export interface CitedHeadline {
  text: string | null;
  withheld: boolean;
}

/** The headline as the policy lets us cite it. */
export function citeHeadline(policy: OutletPolicy, text: string): CitedHeadline {
  return policy.headlinesVerbatim ? { text, withheld: false } : { text: null, withheld: true };
}

/** What a reader sees for a headline: the text or the withheld notice. */
export function headlineForDisplay(policy: OutletPolicy, text: string): string {
  return citeHeadline(policy, text).text ?? WITHHELD_HEADLINE;
}

/** Comparable form of an author's name: case, accents and spacing do not matter. */
export function authorKey(name: string): string {
  return name.normalize("NFD").replace(/\p{M}/gu, "").replace(/\s+/g, " ").trim().toLowerCase();
}

/** Bylines as they may be cited: a hidden author's name is replaced by UNSIGNED, once. */
export function citeBylines(authors: readonly string[], hidden: ReadonlySet<string>): string[] {
  const shown = authors.filter((a) => !hidden.has(authorKey(a)));
  return shown.length < authors.length ? [...shown, UNSIGNED] : [...authors];
}

/** What the crawler may request for an outlet (PUB-1, PUB-3, PUB-7). */
export type RequestKind = JobKind | "probe";

/** True when the policy lets the crawler make a request of this kind for the outlet. */
export function mayRequest(policy: OutletPolicy, kind: RequestKind): boolean {
  if (policy.excluded) return false;
  if (kind === "article") return policy.articleReads;
  if (kind === "frontpage") return policy.positions;
  if (kind === "probe") return policy.positions && policy.probing;
  return true;
}

/** Everything in force: per outlet, and the authors whose bylines are hidden. */
export interface Policies {
  forOutlet(outletId: number): OutletPolicy;
  readonly hiddenAuthors: ReadonlySet<string>;
  /** Ids of outlets under `total`: left out of every list, count and export. */
  readonly excludedOutletIds: readonly number[];
}

/** One request in force for an outlet; `minPauseSeconds` only for "pausa-minima". */
export interface ScopeInForce {
  outletId: number;
  scope: Scope;
  minPauseSeconds?: number;
}

/** Policies from the scopes in force per outlet and the accepted byline requests. */
export function makePolicies(inForce: readonly ScopeInForce[], hiddenAuthorNames: readonly string[]): Policies {
  const byOutlet = new Map<number, ScopeInForce[]>();
  for (const r of inForce) byOutlet.set(r.outletId, [...(byOutlet.get(r.outletId) ?? []), r]);
  const policies = new Map(
    [...byOutlet].map(([id, rs]) => [
      id,
      policyFromScopes(
        rs.map((r) => r.scope),
        rs.flatMap((r) => (r.minPauseSeconds === undefined ? [] : [r.minPauseSeconds])),
      ),
    ]),
  );
  return {
    forOutlet: (outletId) => policies.get(outletId) ?? OPEN_POLICY,
    hiddenAuthors: new Set(hiddenAuthorNames.map(authorKey)),
    excludedOutletIds: [...policies]
      .filter(([, p]) => p.excluded)
      .map(([id]) => id)
      .sort((a, b) => a - b),
  };
}

/** No request in force anywhere (tests, empty installations). */
export const NO_POLICIES: Policies = makePolicies([], []);
