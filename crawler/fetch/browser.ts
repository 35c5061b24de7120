/**
 * Browser mode (SPEC EXT-3, CFG-1 render mode `browser`; docs/architecture.md crawler/fetch/browser.ts):
 * a front page rendered by Chromium at 1280×900, returned as a `FetchResult` shaped like the
 * HTTP fetcher's — the body being the rendered DOM, in memory only (STO-3) — plus the
 * layout boxes of its links (EXT-3).
 *
 * The document is requested by our HTTP fetcher, with the same identity, signature, Accept,
 * limits, SSRF guard and resolve override as static mode (ID-1…3, POL-5, SEC-1), then
 * handed to the page. A redirect or a non-2xx answer (403, 429 + Retry-After…) comes back
 * exactly as the fetcher returned it, unrendered, so hops and blocks are handled as in HTTP
 * mode (ROB-6, BLK-*). Chromium itself has no network (browser-launch.ts) and the page
 * loads nothing else (browser-route.ts, POL-2). One page at a time: layouts are sequential,
 * while the documents' requests are sent as soon as their sites allow.
 */
import type { Browser } from "playwright-core";
import { systemClock, type Clock } from "../../lib/clock";
import type { LayoutBox } from "./browser-boxes";
import { createBrowserHolder } from "./browser-launch";
import { renderInPage } from "./browser-page";
import { firstLine, isHtml, startTiming, utf8WithBom, type Timing } from "./browser-result";
import { exchangeSignals, withinDeadline, type ExchangeSignals } from "./deadline";
import { createHttpFetcher, type FetcherConfig } from "./http";
import type { Fetcher, FetchRequest, FetchResult } from "../../lib/fetcher";

export type { LayoutBox } from "./browser-boxes";

/** The parts of `Config` the renderer reads (a whole `Config` fits). */
export interface BrowserRendererConfig extends FetcherConfig {
  chromiumPath: string;
  onlyResolved: boolean;
}

/** Options of `createBrowserRenderer`. */
export interface BrowserRendererOptions {
  config: BrowserRendererConfig;
  /** @default systemClock */
  clock?: Pick<Clock, "now" | "sleep">;
  /** Who requests the document. @default createHttpFetcher({ config, clock, refuseUnlisted: config.onlyResolved }) */
  fetcher?: Fetcher;
  /** Called with each launched browser (tests reach its process through it). */
  onLaunch?: (browser: Browser) => void;
}

/** One render: the result, the link boxes, and what it cost the site. */
export interface BrowserRender {
  result: FetchResult;
  boxes: LayoutBox[];
  /** Requests sent to the site: the document only (POL-2); it counts for POL-1. */
  requests: number;
  /** Requests the router refused (POL-2). */
  blocked: number;
}

/** Conditional validators and signature headers of the document request. */
export type RenderInit = Pick<FetchRequest, "etag" | "lastModified" | "extraHeaders">;

/** The renderer: one browser, one page at a time. */
export interface BrowserRenderer {
  /** Render `url`; never throws: failures are outcomes, as with the HTTP fetcher. */
  render(url: string, signal: AbortSignal, init?: RenderInit): Promise<BrowserRender>;
  /** `render` as a `Fetcher` (e.g. for the polite client); `details` recovers the boxes of its results. */
  fetcher: Fetcher;
  /** Boxes and counts of a result that `fetcher` returned. */
  details(result: FetchResult): Omit<BrowserRender, "result"> | undefined;
  close(): Promise<void>;
}

/** Past the deadline, how long a page may take to report its abort before the browser is dropped. */
const ABORT_GRACE_MS = 2_000;

/** Build the browser renderer (docs/architecture.md crawler/fetch/browser.ts). */
export function createBrowserRenderer(options: BrowserRendererOptions): BrowserRenderer {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  const fetcher = options.fetcher ?? createHttpFetcher({ config, clock, refuseUnlisted: config.onlyResolved });
  const holder = createBrowserHolder(config.chromiumPath, options.onLaunch);
  const { totalTimeoutMs, maxBodyBytes } = config.politeness;
  const details = new WeakMap<FetchResult, Omit<BrowserRender, "result">>();
  let closed = false;
  let tail: Promise<unknown> = Promise.resolve();

  /**
   * Fetch the document at once, then lay it out when the page is free. Only the layout
   * waits its turn: the request to the site is sent as soon as the polite client allows
   * (it holds the site's lease for it, crawler/politeness/site-lease.ts), never after a queue.
   */
  async function renderNow(url: string, signal: AbortSignal, init: RenderInit): Promise<BrowserRender> {
    const timing = startTiming(clock);
    // The browser first: if it cannot start, the site is not asked for anything.
    try {
      if (closed) throw new Error("renderer closed");
      if (signal.aborted)
        return {
          result: timing.stamp({ outcome: "timeout", url, headers: {}, bytes: 0, error: "aborted by caller" }),
          boxes: [],
          requests: 0,
          blocked: 0,
        };
      await holder.get();
    } catch (error) {
      const result = timing.stamp({ outcome: "unreachable", url, headers: {}, bytes: 0, error: `browser: ${firstLine(error)}` });
      return { result, boxes: [], requests: 0, blocked: 0 };
    }
    const doc = await fetcher({ url, kind: "page", ...init }, signal);
    const sent = doc.outcome === "bad-url" || doc.outcome === "ssrf-refused" ? 0 : 1;
    // Not a 2xx, or not HTML (a PDF, a feed): returned as fetched, like HTTP mode, unrendered.
    if (doc.outcome !== "ok" || doc.status === undefined || !isHtml(doc.headers["content-type"]))
      return { result: doc, boxes: [], requests: sent, blocked: 0 };
    const status = doc.status;
    return inTurn(async () => {
      const signals = exchangeSignals(signal, totalTimeoutMs);
      try {
        // Taken again in turn: a render before this one may have dropped a broken browser.
        const browser = await holder.get().catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
        if (browser instanceof Error) {
          return {
            result: timing.stamp({
              outcome: "unreachable",
              url: doc.url,
              status,
              headers: doc.headers,
              bytes: doc.bytes,
              error: `browser: ${firstLine(browser)}`,
            }),
            boxes: [],
            requests: sent,
            blocked: 0,
          };
        }
        return await renderFetched(browser, { ...doc, status }, signals, signal, timing);
      } finally {
        signals.dispose();
      }
    });
  }

  /** Run `work` after every layout queued before it (one page at a time). */
  function inTurn<T>(work: () => Promise<T>): Promise<T> {
    const run = tail.then(work);
    tail = run.catch(() => undefined);
    return run;
  }

  /** Lay out a fetched 2xx HTML document; a browser failure is `unreachable`, an abort `timeout`. */
  async function renderFetched(
    browser: Browser,
    doc: FetchResult & { status: number },
    signals: ExchangeSignals,
    caller: AbortSignal,
    timing: Timing,
  ): Promise<BrowserRender> {
    const pageOptions = { identity: config.bot };
    const document = {
      url: doc.url,
      status: doc.status,
      contentType: doc.headers["content-type"] ?? "text/html",
      body: doc.body ?? new Uint8Array(),
    };
    const requests = () => 1;
    const base = { url: doc.url, status: doc.status, headers: doc.headers, bytes: 0 };
    const stamp = (fields: Omit<FetchResult, "durationMs" | "startedAt" | "endedAt">) => timing.stamp({ ...fields, bytes: doc.bytes });
    try {
      const work = renderInPage(browser, document, pageOptions, signals.signal);
      const page = await withinDeadline(work, signals.signal, ABORT_GRACE_MS, () => new Error("page did not stop after abort"));
      const body = utf8WithBom(page.html);
      if (body.byteLength > maxBodyBytes) {
        const result = stamp({ ...base, outcome: "too-large", error: `rendered DOM exceeds ${maxBodyBytes} bytes` });
        return { result, boxes: [], requests: requests(), blocked: page.blocked };
      }
      return {
        result: stamp({ ...base, outcome: "ok", body, charset: "utf-8" }),
        boxes: page.boxes,
        requests: requests(),
        blocked: page.blocked,
      };
    } catch (error) {
      // Classified as it failed: dropping the browser below may outlast the deadline, and a crash is still a crash.
      const outcome = signals.signal.aborted ? "timeout" : "unreachable";
      const reason = caller.aborted
        ? "aborted by caller"
        : signals.deadline.aborted
          ? `total timeout of ${totalTimeoutMs} ms`
          : `browser: ${firstLine(error)}`;
      await holder.discard(); // whatever broke (crash, hung page, abort), the next render starts a fresh browser
      const result = stamp({ ...base, outcome, error: reason });
      return { result, boxes: [], requests: requests(), blocked: 0 };
    }
  }

  const render = (url: string, signal: AbortSignal, init: RenderInit = {}): Promise<BrowserRender> => renderNow(url, signal, init);
  return {
    render,
    async fetcher(req, signal) {
      const { result, ...rest } = await render(req.url, signal, {
        etag: req.etag,
        lastModified: req.lastModified,
        extraHeaders: req.extraHeaders,
      });
      details.set(result, rest);
      return result;
    },
    details: (result) => details.get(result),
    async close() {
      closed = true;
      await holder.close();
      await tail;
    },
  };
}
