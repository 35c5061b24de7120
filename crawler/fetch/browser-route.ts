/**
 * What a rendered page may load (SPEC POL-2: "the page's own document only").
 *
 * The main document is served once, from the bytes our HTTP fetcher already read. Every
 * other request is blocked: third parties, images, media, fonts, styles, frames, later
 * navigations, beacons, and — by default — the page's own scripts and XHR/fetch too.
 *
 * `allowSameOriginScripts` exists for front pages that are empty without their own
 * JavaScript (CFG-1 render mode `browser`). It admits only GET `script`/`xhr`/`fetch`
 * requests to the document's exact origin, and each one is a real request of the site:
 * checked against robots.txt (ROB-2), sent one at a time by our fetcher under our identity
 * (ID-1…3, POL-5), never two in flight and spaced by the site's pacing gap (POL-1), up to
 * a cap. Redirects of subrequests are not followed (ROB-6).
 */
import type { Clock } from "../../lib/clock";
import type { Fetcher, FetchResult } from "./types";

/** One request of the page, as the router sees it. */
export interface PageRequest {
  url: string;
  method: string;
  resourceType: string;
  isNavigation: boolean;
  isMainFrame: boolean;
}

/** Serve the fetched document, fetch a same-origin subrequest, or block. */
export type RouteDecision = "document" | "subrequest" | "block";

const SCRIPT_TYPES = new Set(["script", "xhr", "fetch"]);

/** POL-2: the decision for one request; the main document is served once, never re-navigated. */
export function routeDecision(req: PageRequest, documentUrl: string, o: { allowSameOriginScripts: boolean; documentServed: boolean }): RouteDecision {
  if (req.isNavigation) {
    return req.isMainFrame && !o.documentServed && withoutHash(req.url) === withoutHash(documentUrl) ? "document" : "block";
  }
  if (!o.allowSameOriginScripts || req.method !== "GET" || !SCRIPT_TYPES.has(req.resourceType)) return "block";
  return originOf(req.url) === originOf(documentUrl) ? "subrequest" : "block";
}

function withoutHash(url: string): string {
  const i = url.indexOf("#");
  return i < 0 ? url : url.slice(0, i);
}

function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/** How subrequests are made (see the module comment). */
export interface SubrequestOptions {
  fetcher: Fetcher;
  clock: Pick<Clock, "now" | "sleep">;
  /** The site's gap between one request's end and the next start (POL-1). */
  pacing: { minMs: number; maxMs: number };
  random: () => number;
  robotsAllows: (url: string, signal: AbortSignal) => Promise<boolean>;
  /** Web Bot Auth headers for a URL (ID-3). */
  sign?: (url: string, now: number) => Record<string, string>;
  max: number;
  /** When the document exchange ended: the first gap counts from there. */
  previousEndedAt: number;
}

/** The subrequests of one render, strictly sequential. */
export interface Subrequests {
  /** Fetch one URL, or undefined when it is not requested (robots, cap, abort). */
  fetch(url: string, signal: AbortSignal): Promise<FetchResult | undefined>;
  /** Requests actually handed to the fetcher. */
  readonly sent: number;
  /** Wire bytes of their responses. */
  readonly bytes: number;
}

/** A queue that sends a render's same-origin subrequests one at a time, paced (POL-1). */
export function createSubrequests(o: SubrequestOptions): Subrequests {
  let tail: Promise<unknown> = Promise.resolve();
  let sent = 0;
  let bytes = 0;
  let previousEndedAt = o.previousEndedAt;
  async function one(url: string, signal: AbortSignal): Promise<FetchResult | undefined> {
    if (signal.aborted || sent >= o.max) return undefined;
    if (!(await o.robotsAllows(url, signal))) return undefined;
    const gapMs = o.pacing.minMs + o.random() * Math.max(0, o.pacing.maxMs - o.pacing.minMs);
    await o.clock.sleep(previousEndedAt + gapMs - o.clock.now(), signal);
    if (signal.aborted || sent >= o.max) return undefined;
    sent++;
    try {
      const result = await o.fetcher({ url, kind: "page", extraHeaders: o.sign?.(url, o.clock.now()) }, signal);
      bytes += result.bytes;
      return result;
    } finally {
      previousEndedAt = o.clock.now();
    }
  }
  return {
    fetch(url, signal) {
      const run = tail.then(() => one(url, signal));
      tail = run.catch(() => undefined);
      return run;
    },
    get sent() {
      return sent;
    },
    get bytes() {
      return bytes;
    },
  };
}
