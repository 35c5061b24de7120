/**
 * One render in a fresh browser context (SPEC EXT-3 browser mode): the document our fetcher
 * read is handed to the page at its own URL, the router blocks everything else (POL-2),
 * the DOM is laid out at 1280×900 and read back as text and link boxes (EXT-3).
 * Nothing is written anywhere (STO-3): an off-the-record context per render, closed at the
 * end with its cookies and storage (ID-2); no downloads, no screenshots, no tracing.
 */
import type { Browser, BrowserContextOptions, Route } from "playwright-core";
import { LAYOUT_SCRIPT, toLayoutBoxes, VIEWPORT, type LayoutBox } from "./browser-boxes";
import { routeDecision } from "./browser-route";

/** The main document, as our HTTP fetcher received it (decoded, status 2xx). */
export interface FetchedDocument {
  url: string;
  status: number;
  contentType: string;
  body: Uint8Array;
}

/** How the page is run. */
export interface PageOptions {
  identity: { userAgent: string; email: string };
}

/** What one render read back from the page; kept in memory only (STO-3). */
export interface PageRender {
  html: string;
  boxes: LayoutBox[];
  /** Requests (and WebSockets) the router refused. */
  blocked: number;
}

/** ID-1: our UA replaces the browser's (also `navigator.userAgent`), with `From`; a 1280×900 window. */
export function contextOptions(identity: { userAgent: string; email: string }): BrowserContextOptions {
  return {
    viewport: { ...VIEWPORT },
    screen: { ...VIEWPORT },
    deviceScaleFactor: 1,
    isMobile: false,
    hasTouch: false,
    userAgent: identity.userAgent,
    extraHTTPHeaders: { From: identity.email },
    javaScriptEnabled: true,
    acceptDownloads: false,
    serviceWorkers: "block",
    permissions: [],
  };
}

/** Render `doc` in a fresh context; rejects when the browser fails or `signal` aborts (the context is closed). */
export async function renderInPage(browser: Browser, doc: FetchedDocument, o: PageOptions, signal: AbortSignal): Promise<PageRender> {
  signal.throwIfAborted();
  const context = await browser.newContext(contextOptions(o.identity));
  // An abort closes the context, which rejects whatever the page is doing (a hung script too).
  const closeContext = () => void context.close().catch(() => undefined);
  signal.addEventListener("abort", closeContext, { once: true });
  const state = { served: false, blocked: 0 };
  try {
    await context.routeWebSocket(
      () => true,
      async (ws) => {
        state.blocked++;
        await ws.close().catch(() => undefined);
      },
    );
    await context.route("**/*", (route) => onRoute(route, doc, state));
    const page = await context.newPage();
    await page.goto(doc.url, { waitUntil: "load", timeout: 0 });
    // A page can break DOM APIs under our script: then there are no boxes, and no page-made error text (STO-3).
    const boxes = toLayoutBoxes(await page.evaluate(LAYOUT_SCRIPT).catch(() => []));
    const html = await page.content();
    signal.throwIfAborted();
    return { html, boxes, blocked: state.blocked };
  } finally {
    signal.removeEventListener("abort", closeContext);
    await context.clearCookies().catch(() => undefined);
    await context.close().catch(() => undefined);
  }
}

async function onRoute(route: Route, doc: FetchedDocument, state: { served: boolean; blocked: number }): Promise<void> {
  const request = route.request();
  let isMainFrame = false;
  try {
    isMainFrame = request.frame().parentFrame() === null;
  } catch {
    // A request without a frame (a worker's) is never the document.
  }
  const decision = routeDecision(
    {
      url: request.url(),
      method: request.method(),
      resourceType: request.resourceType(),
      isNavigation: request.isNavigationRequest(),
      isMainFrame,
    },
    doc.url,
    { documentServed: state.served },
  );
  try {
    if (decision === "document") {
      state.served = true;
      // Only the type travels: no Set-Cookie, no caching headers (ID-2, STO-3).
      return await route.fulfill({ status: doc.status, headers: { "content-type": doc.contentType }, body: Buffer.from(doc.body) });
    }
    state.blocked++;
    await route.abort("blockedbyclient");
  } catch {
    // The page or context went away meanwhile (abort, crash): nothing left to answer.
  }
}
