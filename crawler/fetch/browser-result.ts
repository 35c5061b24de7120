/**
 * The `FetchResult` of a render (crawler/fetch/browser.ts): same shape as the HTTP
 * fetcher's, timed by the injected clock, with log-safe error texts (SEC-4, STO-3).
 */
import type { Clock } from "../../lib/clock";
import { safeReason } from "./outcome";
import type { FetchResult } from "../../lib/fetcher";

const BOM = new Uint8Array([0xef, 0xbb, 0xbf]);

/** Timestamps of one render from the injected clock; error texts made log-safe (STO-3, STO-5). */
export interface Timing {
  stamp(fields: Omit<FetchResult, "durationMs" | "startedAt" | "endedAt">): FetchResult;
}

/** Start timing a render. */
export function startTiming(clock: Pick<Clock, "now">): Timing {
  const startedAt = clock.now();
  return {
    stamp(fields: Omit<FetchResult, "durationMs" | "startedAt" | "endedAt">): FetchResult {
      const endedAt = clock.now();
      return {
        ...fields,
        ...(fields.error ? { error: safeReason(fields.error) } : {}),
        durationMs: endedAt - startedAt,
        startedAt,
        endedAt,
      };
    },
  };
}

/** Documents the browser lays out: HTML, or no declared type at all. */
export function isHtml(contentType: string | undefined): boolean {
  const type = contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  return type === "" || type === "text/html" || type === "application/xhtml+xml";
}

/** The serialised DOM is UTF-8 whatever the page declared; a BOM says so to every decoder (EXT-1). */
export function utf8WithBom(html: string): Uint8Array {
  const text = new TextEncoder().encode(html);
  const body = new Uint8Array(BOM.byteLength + text.byteLength);
  body.set(BOM);
  body.set(text, BOM.byteLength);
  return body;
}

/** The first line of an error message (Playwright appends call logs). */
export function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split("\n")[0] ?? "";
}
