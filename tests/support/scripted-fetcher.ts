/**
 * A polite client over a scripted fetcher (no network) and a manual clock, for the
 * politeness tests: each exchange takes 20 ms of clock time, and `withTime` moves the
 * clock while the client sleeps.
 */
import type { Db } from "../../db/client";
import type { Fetcher, FetchRequest, FetchResult } from "../../lib/fetcher";
import { createPoliteClient } from "../../crawler/politeness/polite-client";
import type { manualClock } from "../../lib/clock";
import { siteOf } from "../../lib/registrable-domain";

export type ManualClock = ReturnType<typeof manualClock>;
export type Reply = Partial<FetchResult> & { text?: string };
export interface Call {
  url: string;
  kind: string;
  at: number;
  headers?: Record<string, string>;
  req: FetchRequest;
}

/** A fetcher answering from `routes` (a 404 elsewhere), recording each request and when it was sent. */
export function scripted(clock: ManualClock, routes: Record<string, Reply | (() => Reply)>, calls: Call[] = []) {
  const fetcher: Fetcher = async (req) => {
    calls.push({ url: req.url, kind: req.kind, at: clock.now(), req });
    const route = routes[req.url];
    const reply: Reply = typeof route === "function" ? route() : (route ?? { outcome: "http-error", status: 404 });
    const body = reply.text !== undefined ? new TextEncoder().encode(reply.text) : reply.body;
    clock.advance(20); // each exchange takes 20 ms
    return {
      outcome: reply.outcome ?? "ok",
      status: reply.status ?? 200,
      url: req.url,
      headers: reply.headers ?? {},
      body,
      location: reply.location,
      bytes: body?.length ?? 0,
      durationMs: 20,
      startedAt: clock.now() - 20,
      endedAt: clock.now(),
    };
  };
  return { fetcher, calls };
}

/** A polite client with the product's pacing defaults (3–5 s), a 30 s exchange and a 60 s lease margin. */
export function scriptedClient(p: { db: Db; clock: ManualClock; fetcher: Fetcher; workerId?: string; random?: () => number }) {
  return createPoliteClient({
    db: p.db,
    clock: p.clock,
    fetcher: p.fetcher,
    workerId: p.workerId ?? "w1",
    siteOf,
    productToken: "hemeroscopiobot",
    pacing: { minMs: 3000, maxMs: 5000 },
    maxRedirects: 5,
    exchangeMs: 30_000,
    leaseMarginMs: 60_000,
    on4xx: "disallow-all",
    random: p.random ?? (() => 0),
  });
}

/** Run `fn` while advancing the manual clock whenever the client sleeps. */
export async function withTime<T>(clock: ManualClock, fn: () => Promise<T>): Promise<T> {
  let done = false;
  const p = fn().finally(() => (done = true));
  while (!done) {
    await new Promise((r) => setTimeout(r, 5));
    clock.advance(250);
  }
  return p;
}
