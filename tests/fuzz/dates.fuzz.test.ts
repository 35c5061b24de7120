/** Fuzzing date parsing (SPEC SEC-4, EXT-1, EXT-4): any text is a valid instant in range or unknown, never "now". */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseDeclaredDate } from "@/crawler/parse/article/dates";
import { parseFeedDate } from "@/crawler/parse/dates";
import { boundedCall } from "./bounded";
import { mutatedText, asBytes } from "./mutate";
import { FUZZ_TEST_TIMEOUT_MS, fuzzParameters } from "./runs";

const SEEDS = asBytes([
  "Mon, 10 Mar 2025 08:00:00 +0100",
  "Mon, 10 Mar 2025 08:00:00 GMT",
  "2025-03-10T08:00:00Z",
  "2025-03-10T08:00:00.123+01:00",
  "2025-03-10",
  "10 de marzo de 2025 a las 08:00 CET",
  "lunes, 10 marzo 2025 08:00:00 CEST",
  "20250310T080000Z",
  "Mon Mar 10 2025 08:00:00 GMT+0100 (hora estándar de Europa central)",
  "10/03/2025 08:00",
  "Sun, 06 Nov 94 08:49:37 EST",
]);
const EARLIEST = Date.UTC(1900, 0, 1);
const LATEST = Date.UTC(2200, 11, 31);

function sane(date: Date | undefined): void {
  if (date === undefined) return;
  expect(date).toBeInstanceOf(Date);
  expect(date.getTime()).toBeGreaterThanOrEqual(EARLIEST);
  expect(date.getTime()).toBeLessThanOrEqual(LATEST);
}

describe("dates under hostile input (SPEC SEC-4, EXT-1, EXT-4)", () => {
  it(
    "EXT-1: a mutated feed date is a date in range or unknown, within the bound",
    () => {
      fc.assert(
        fc.property(fc.oneof(mutatedText(SEEDS), fc.string({ unit: "binary", maxLength: 300 })), (text) => {
          sane(boundedCall(() => parseFeedDate(text)));
        }),
        fuzzParameters(),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );

  it(
    "EXT-4: any declared value (string, number, object, array) is a date in range or unknown",
    () => {
      fc.assert(
        fc.property(fc.oneof(mutatedText(SEEDS), fc.anything(), fc.date({ noInvalidDate: false })), (value) => {
          sane(boundedCall(() => parseDeclaredDate(value)));
        }),
        fuzzParameters(),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );

  it(
    "EXT-1: a real instant written in ISO 8601 reads back as itself",
    () => {
      fc.assert(
        fc.property(
          fc.date({ min: new Date("1971-01-02T00:00:00Z"), max: new Date("2099-12-30T00:00:00Z"), noInvalidDate: true }),
          (date) => {
            const whole = new Date(Math.floor(date.getTime() / 1000) * 1000);
            const text = whole.toISOString().replace(".000Z", "Z");
            expect(parseFeedDate(text)?.getTime()).toBe(whole.getTime());
            expect(parseDeclaredDate(text)?.getTime()).toBe(whole.getTime());
          },
        ),
        fuzzParameters(),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );
});
