/**
 * Debian's Chromium driven by playwright-core (no browser download, ever). A missing
 * browser is a loud failure naming the fix, never a skipped test.
 */
import fs from "node:fs";
import { chromium, type Browser } from "playwright-core";

/** Flags for a headless run on a closed network, as root. */
export const chromiumFlags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
  "--disable-quic",
];

/** Path of the browser: CHROMIUM_PATH, else /usr/bin/chromium. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || "/usr/bin/chromium";
}

/** Launch Chromium or throw a clear error saying how to install it. */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!fs.existsSync(executablePath)) {
    throw new Error(`Chromium not found at ${executablePath}: run "apt-get install -y chromium" or set CHROMIUM_PATH`);
  }
  return chromium.launch({ executablePath, args: chromiumFlags, headless: true });
}
