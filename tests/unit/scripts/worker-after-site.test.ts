import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startAfterSite } from "../../../scripts/worker-after-site";

describe("npm start's worker waits for the site", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("OPS-6: the worker starts once the site says it listens, and only once", () => {
    const start = vi.fn();
    const order = startAfterSite(start, 30_000);
    order.onSiteMessage({ type: "listening", port: 1 }); // a renderer's message is not the site's
    vi.advanceTimersByTime(5_000);
    expect(start).not.toHaveBeenCalled();
    order.onSiteMessage({ type: "site-listening" });
    expect(start).toHaveBeenCalledTimes(1);
    order.onSiteMessage({ type: "site-listening" }); // a restarted site listens again
    vi.advanceTimersByTime(60_000);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it("OPS-6: a site that never listens does not keep the worker from starting", () => {
    const start = vi.fn();
    startAfterSite(start, 30_000);
    vi.advanceTimersByTime(29_999);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it("OPS-6: stopping (or HEMEROSCOPIO_WORKER=off) before either starts no worker", () => {
    const start = vi.fn();
    const order = startAfterSite(start, 30_000);
    order.cancel();
    order.onSiteMessage({ type: "site-listening" });
    vi.advanceTimersByTime(60_000);
    expect(start).not.toHaveBeenCalled();
  });
});
