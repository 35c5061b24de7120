/** Fuzzing robots.txt parsing and matching (SPEC SEC-4, ROB-2): no exception, bounded time. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseRobots } from "@/lib/robots/robots";
import { robotsLines } from "@/lib/robots/lines";
import { compilePattern, isPathAllowed, matchesPattern, normalisePath } from "@/lib/robots/pattern";
import { robotsAccess } from "@/crawler/politeness/robots-status";
import { boundedCall } from "./bounded";
import { mutatedText } from "./mutate";
import { FUZZ_TEST_TIMEOUT_MS, fuzzParameters } from "./runs";
import { robotsSeeds } from "./seeds";

const TOKENS = ["HemeroscopioBot", "*", "FooBot", "", "a b", "Bot/1.0"];
const path = fc.oneof(
  fc.string({ unit: "binary", maxLength: 300 }),
  fc.webPath(),
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
);

describe("robots.txt under hostile input (SPEC SEC-4, ROB-2)", () => {
  it(
    "SEC-4: a mutated robots.txt parses and answers every question without throwing, within the bound",
    () => {
      fc.assert(
        fc.property(mutatedText(robotsSeeds()), path, fc.constantFrom(...TOKENS), (body, url, token) => {
          boundedCall(() => {
            const robots = parseRobots(body);
            expect(typeof robots.isAllowed(url.startsWith("/") || url.includes(":") ? url : `/${url}`, token)).toBe("boolean");
            const delay = robots.crawlDelay(token);
            expect(delay === undefined || (Number.isFinite(delay) && delay >= 0)).toBe(true);
            expect(robots.isAllowed("/robots.txt", token)).toBe(true); // ROB-2: always allowed
          });
        }),
        fuzzParameters(),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );

  it(
    "SEC-4: patterns and paths of any text compile and match without throwing",
    () => {
      fc.assert(
        fc.property(fc.string({ unit: "binary", maxLength: 500 }), path, (raw, url) => {
          boundedCall(() => {
            const pattern = compilePattern(raw);
            const normal = normalisePath(url, false);
            if (pattern) matchesPattern(pattern, normal);
            isPathAllowed(pattern ? [{ allow: false, pattern }] : [], normal);
            robotsLines(raw);
          });
        }),
        fuzzParameters(),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );

  it(
    "SEC-4: wildcard-heavy patterns against long paths stay within the bound (no backtracking blow-up)",
    () => {
      const stars = fc.array(fc.constantFrom("*", "a", "/", "$", "%2A", "b*"), { maxLength: 200 }).map((parts) => `/${parts.join("")}`);
      fc.assert(
        fc.property(stars, fc.integer({ min: 0, max: 100_000 }), (raw, n) => {
          boundedCall(() => {
            const pattern = compilePattern(raw);
            if (pattern) matchesPattern(pattern, `/${"a".repeat(n)}b`);
          });
        }),
        fuzzParameters(),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );

  it(
    "ROB-3: any status or outcome maps to an access decision",
    () => {
      fc.assert(
        fc.property(fc.oneof(fc.integer(), fc.double(), fc.constantFrom("timeout" as const, "unreachable" as const)), (outcome) => {
          boundedCall(() => robotsAccess(outcome));
        }),
        fuzzParameters(),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );
});
