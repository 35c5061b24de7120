import { describe, expect, it } from "vitest";
import { crawlDelayAfterRobots } from "../../../crawler/politeness/robots-delay";

const bytes = (text: string) => new TextEncoder().encode(text);
const OURS = "User-agent: HemeroscopioBot\nCrawl-delay: 7\n";

describe("the Crawl-delay after a robots.txt request", () => {
  it("POL-1: a readable robots.txt paces the very next request with the delay it names for our token", () => {
    expect(crawlDelayAfterRobots({ outcome: "ok", body: bytes(OURS) }, "hemeroscopiobot")).toBe(7);
    expect(crawlDelayAfterRobots({ outcome: "ok", body: bytes("User-agent: *\nCrawl-delay: 4.5\n") }, "hemeroscopiobot")).toBe(4.5);
    // A delay for another bot is not ours; a new copy replaces the standing one, delay or none.
    expect(
      crawlDelayAfterRobots({ outcome: "ok", body: bytes("User-agent: GPTBot\nCrawl-delay: 60\n") }, "hemeroscopiobot", OURS),
    ).toBeUndefined();
  });

  it("POL-1: a 304, a redirect or a failure leaves the standing copy's delay in force", () => {
    for (const outcome of ["not-modified", "redirect", "http-error", "timeout"]) {
      expect(crawlDelayAfterRobots({ outcome }, "hemeroscopiobot", OURS)).toBe(7);
      expect(crawlDelayAfterRobots({ outcome }, "hemeroscopiobot")).toBeUndefined();
    }
  });
});
