/**
 * Fuzzing the header and small-document parsers of the politeness layer (SPEC SEC-4,
 * BLK-3, BLK-5, SIG-1, SIG-3): Retry-After, HTTP dates, X-Robots-Tag, tdmrep.json,
 * challenge detection. Any value gives a valid answer; a wait is never negative.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { detectChallenge } from "@/crawler/politeness/challenge";
import { headerValues, parseHttpDate } from "@/crawler/politeness/http-fields";
import { backoffDelay, parseRetryAfter } from "@/crawler/politeness/retry-after";
import { readSignals, robotsTagDirectives } from "@/crawler/politeness/signals";
import { parseTdmRep, tdmRepFor } from "@/crawler/politeness/tdmrep";
import { boundedCall } from "./bounded";
import { asBytes, mutatedText } from "./mutate";
import { FUZZ_TEST_TIMEOUT_MS, fuzzParameters } from "./runs";
import { frontPageSeeds } from "./seeds";

const NOW = Date.parse("2025-03-10T12:00:00Z");
const RETRY_SEEDS = asBytes([
  "120",
  "0",
  "Mon, 10 Mar 2025 12:05:00 GMT",
  "Monday, 10-Mar-25 12:05:00 GMT",
  "Mon Mar 10 12:05:00 2025",
  "99999999999999",
]);
const TDM_SEEDS = asBytes([
  '[{"location":"/","tdm-reservation":1,"tdm-policy":"https://x.test/policy.json"}]',
  '[{"location":"/noticias/*","tdm-reservation":0},{"location":"*","tdm-reservation":"1"}]',
  '\uFEFF[{"location":"https://x.test/a$","tdm-reservation":1}]',
]);
const ROBOTS_TAGS = asBytes([
  "noindex, nofollow",
  "hemeroscopiobot: noai, noimageai",
  "googlebot: noindex, otherbot: none",
  "unavailable_after: 25 Jun 2025 15:00:00 PST, max-snippet:-1",
]);
const header = fc.oneof(fc.string({ unit: "binary", maxLength: 120 }), fc.array(fc.string({ maxLength: 60 }), { maxLength: 4 }));

describe("header parsers under hostile input (SPEC SEC-4)", () => {
  it(
    "BLK-3: any Retry-After and Date give a non-negative wait or none, and a valid back-off",
    () => {
      fc.assert(
        fc.property(
          fc.oneof(mutatedText(RETRY_SEEDS), header),
          fc.option(mutatedText(RETRY_SEEDS), { nil: undefined }),
          fc.integer({ min: 0, max: 100 }),
          (value, date, failures) => {
            boundedCall(() => {
              const wait = parseRetryAfter(value, NOW, date);
              if (wait !== undefined) expect(wait).toBeGreaterThanOrEqual(0);
              for (const status of [429, 503, 500, "timeout"] as const) {
                const pause = backoffDelay(status, wait, failures);
                expect(pause === undefined || pause.waitMs >= (status === 429 || status === 503 ? (wait ?? 0) : 0)).toBe(true);
              }
              const at = parseHttpDate(typeof value === "string" ? value : "", NOW);
              if (at !== undefined) expect(Number.isFinite(at)).toBe(true);
            });
          },
        ),
        fuzzParameters(),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );

  it(
    "SIG-1: any tdmrep.json text or value gives rules, and any URL an answer",
    () => {
      fc.assert(
        fc.property(fc.oneof(mutatedText(TDM_SEEDS), fc.jsonValue()), fc.webUrl(), (json, url) => {
          boundedCall(() => tdmRepFor(parseTdmRep(json), url));
        }),
        fuzzParameters(),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );

  it(
    "SIG-3: any X-Robots-Tag, meta and header bag give directives without throwing",
    () => {
      fc.assert(
        fc.property(mutatedText(ROBOTS_TAGS), fc.dictionary(fc.string({ maxLength: 20 }), header), (tag, bag) => {
          boundedCall(() => {
            robotsTagDirectives(tag, "HemeroscopioBot");
            headerValues(bag, "x-robots-tag");
            const headers = { ...bag, "X-Robots-Tag": tag, "tdm-reservation": tag, "content-usage": tag };
            readSignals({
              url: "https://elpais.com/a",
              productToken: "HemeroscopioBot",
              headers,
              meta: [
                { name: "robots", content: tag },
                { name: "tdm-reservation", content: tag },
              ],
            });
          });
        }),
        fuzzParameters(),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );

  it(
    "BLK-5: challenge detection on any status, headers and mutated page answers without throwing",
    () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: 999 }),
          fc.dictionary(fc.constantFrom("cf-mitigated", "server", "set-cookie", "x-datadome", "Server"), header),
          mutatedText(frontPageSeeds().slice(0, 2)),
          (status, headers, body) => {
            boundedCall(() => detectChallenge({ status, headers, body }));
          },
        ),
        fuzzParameters(),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );
});
