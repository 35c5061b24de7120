import { describe, expect, test } from "vitest";
import { zoneLabel } from "../../../lib/pages/time-zone";

describe("time zones in reader words", () => {
  test.each([
    ["Europe/Madrid", "hora peninsular"],
    ["Africa/Ceuta", "hora peninsular"],
    ["Atlantic/Canary", "hora canaria"],
    ["Europe/Lisbon", "hora de Europa occidental"],
    ["America/Argentina/Buenos_Aires", "hora estándar de Argentina"],
    ["UTC", "hora GMT+00:00"],
    ["No/Such_Zone", "hora local de la cabecera"],
  ])("WEB-7: %s is labelled «%s», never by its zone id", (tz, label) => {
    expect(zoneLabel(tz)).toBe(label);
    expect(zoneLabel(tz)).not.toContain("/");
  });

  test("WEB-7: without a zone, the site's own clock: peninsular time", () => {
    expect(zoneLabel()).toBe("hora peninsular");
  });
});
