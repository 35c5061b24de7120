/**
 * The Crawl-delay that paces the gap after a robots.txt request itself (SPEC POL-1): the
 * delay that response revealed when it was a readable 2xx, else the delay of the copy in
 * force before it (a 304 confirms that copy; a failed refresh leaves it standing). So the
 * request that follows robots.txt already waits what the site asked, never the default.
 */
import { parseRobots } from "../../lib/robots/robots";

/** What a robots.txt exchange answered, as far as its Crawl-delay is concerned. */
export interface RobotsAnswer {
  outcome: string;
  body?: Uint8Array;
}

/** Seconds of Crawl-delay for `productToken` after `answer`; `standing` is the robots.txt text in force before it. */
export function crawlDelayAfterRobots(answer: RobotsAnswer, productToken: string, standing?: string): number | undefined {
  if (answer.outcome === "ok")
    return parseRobots(new TextDecoder("utf-8").decode(answer.body ?? new Uint8Array())).crawlDelay(productToken);
  return standingCrawlDelay(productToken, standing);
}

/** Seconds of Crawl-delay for `productToken` in the robots.txt text in force (`standing`), if any. */
export function standingCrawlDelay(productToken: string, standing?: string): number | undefined {
  return standing === undefined ? undefined : parseRobots(standing).crawlDelay(productToken);
}
