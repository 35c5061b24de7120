/**
 * Debian's Chromium for browser-mode front pages (SPEC EXT-3 browser mode, docs/architecture.md
 * crawler/fetch/browser.ts), driven by playwright-core: no browser download, ever.
 *
 * Chromium is used as a layout engine only. Every byte on the wire goes through our HTTP
 * fetcher and is handed to the page by the router (browser-page.ts), so the browser's own
 * resolver is switched off: `MAP * ~NOTFOUND` makes every host — IP literals too —
 * unresolvable, and anything that slipped past the router (a preconnect, a WebSocket,
 * WebRTC) reaches nobody (SPEC POL-2, SEC-1; the resolve override lives in the fetcher).
 */
import fs from "node:fs";
import type { Browser } from "playwright-core";

/** Chromium's resolver rules: no host resolves, in production and in tests alike. */
export const HOST_RESOLVER_RULES = "MAP * ~NOTFOUND";

/** The command line: the tests' flags (tests/support/browser.ts) plus the closed-network switches. */
export const BROWSER_FLAGS: readonly string[] = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
  "--disable-quic",
  `--host-resolver-rules=${HOST_RESOLVER_RULES}`,
  // STO-3: crash dumps would hold page memory; nothing is cached on disk.
  "--disable-breakpad",
  "--disk-cache-size=1",
  // POL-2: no UDP around the router (WebRTC ICE).
  "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
];

const LAUNCH_TIMEOUT_MS = 30_000;

/** Launch Chromium, or throw a one-line error naming the fix when it is missing. */
export async function launchChromium(executablePath: string): Promise<Browser> {
  if (!fs.existsSync(executablePath)) {
    throw new Error(`Chromium not found at ${executablePath}: run "apt-get install -y chromium" or set CHROMIUM_PATH`);
  }
  // Loaded on the first launch only: playwright-core alone costs a worker ~85 MiB resident, and
  // most outlets are never laid out in a browser (docs/benchmarks.md, "Footprint").
  const { chromium } = await import("playwright-core");
  // The worker owns its signals (crawler/main.ts) and closes the renderer itself.
  return chromium.launch({
    executablePath,
    args: [...BROWSER_FLAGS],
    headless: true,
    timeout: LAUNCH_TIMEOUT_MS,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
}

/** One browser, launched on first use and again after it crashed or disconnected. */
export interface BrowserHolder {
  get(): Promise<Browser>;
  /** Drop the current browser (after a failure); the next `get` launches a fresh one. */
  discard(): Promise<void>;
  close(): Promise<void>;
}

/** Hold one browser for many renders (`onLaunch` lets tests reach the process). */
export function createBrowserHolder(executablePath: string, onLaunch?: (browser: Browser) => void): BrowserHolder {
  let current: Browser | undefined;
  let closed = false;
  const drop = async () => {
    const browser = current;
    current = undefined;
    await browser?.close().catch(() => undefined);
  };
  return {
    async get() {
      if (closed) throw new Error("renderer closed");
      if (current?.isConnected()) return current;
      await drop();
      const browser = await launchChromium(executablePath);
      if (closed) {
        await browser.close().catch(() => undefined);
        throw new Error("renderer closed");
      }
      current = browser;
      onLaunch?.(browser);
      return browser;
    },
    discard: drop,
    async close() {
      closed = true;
      await drop();
    },
  };
}
