/** Outlet groups: the outlets file's `groups`, the `?grupo=` spelling, labels and scopes. */
import { describe, expect, it, test } from "vitest";
import { compareGroups, groupLabel, normaliseGroup, outletGroups, parseGroupParam, scopeOf } from "@/lib/outlet-groups";
import { OutletsFileError, parseOutletsFile, serializeOutlets } from "@/lib/outlets-file";

const minimal = { slug: "ara", name: "Ara", language: "ca", homepage: "https://www.ara.cat/" };
const file = (groups: unknown) => JSON.stringify([{ ...minimal, groups }]);

function failure(fn: () => unknown): OutletsFileError {
  try {
    fn();
  } catch (error) {
    if (error instanceof OutletsFileError) return error;
    throw error;
  }
  throw new Error("expected an OutletsFileError");
}

describe("groups in the outlets file", () => {
  it("CFG-1: an outlet's groups are read and written back in the file's order", () => {
    const outlets = parseOutletsFile(file(["regional", "cataluna"]));
    expect(outlets[0]?.groups).toEqual(["regional", "cataluna"]);
    expect(parseOutletsFile(serializeOutlets(outlets, "yaml"), "o.yaml")).toEqual(outlets);
  });

  test.each([
    [["Nacional"], "groups[0] must be a group name"],
    [["nacional", "nacional"], "groups[1] repeats an earlier group"],
    [["pais-es"], "groups[0] is derived from country or language"],
    [["nacional", "regional"], "names more than one scope (nacional, regional)"],
    ["nacional", "groups must be a list of group names"],
  ])("CFG-1: groups %j are rejected naming the key", (groups, message) => {
    expect(failure(() => parseOutletsFile(file(groups))).message).toContain(message);
  });
});

describe("group names and labels", () => {
  test.each([
    [" Pública ", "publica"],
    ["Región  Sur", "region-sur"],
    ["CATALUÑA", "cataluna"],
    ["castilla_y_leon", "castilla-y-leon"],
    ["", undefined],
    ["a/b", undefined],
    ["-x", undefined],
  ])("normaliseGroup(%j) is %j", (raw, group) => {
    expect(normaliseGroup(raw)).toBe(group);
  });

  it("an outlet's groups are its declared ones plus its country and language", () => {
    expect(outletGroups({ country: "ES", language: "ca", groups: ["regional", "cataluna"] })).toEqual([
      "regional",
      "cataluna",
      "pais-es",
      "idioma-ca",
    ]);
  });

  it("labels are Spanish, including derived countries and languages", () => {
    expect(groupLabel("nacional")).toBe("Nacionales");
    expect(groupLabel("pais-es")).toBe("País: España");
    expect(groupLabel("idioma-ca")).toBe("En catalán");
    expect(groupLabel("coleccion-propia")).toBe("coleccion-propia");
  });

  it("lists show scopes first and derived groups after the named ones", () => {
    expect(["idioma-es", "zeta", "pais-es", "galicia", "regional", "nacional"].sort(compareGroups)).toEqual([
      "nacional",
      "regional",
      "galicia",
      "pais-es",
      "idioma-es",
      "zeta",
    ]);
  });

  it("the scope is the declared scope group", () => {
    expect(scopeOf(["publica", "nacional"])).toBe("nacional");
    expect(scopeOf(["publica"])).toBeUndefined();
  });

  test.each([
    [undefined, { ok: true }],
    ["  ", { ok: true }],
    ["Regional", { ok: true, group: "regional" }],
    [["a", "b"], { ok: false, reason: "El parámetro «grupo» aparece más de una vez." }],
    ["<x>", { ok: false, reason: "El grupo indicado no es válido." }],
  ])("the grupo parameter %j reads as %j", (value, expected) => {
    expect(parseGroupParam(value)).toEqual(expected);
  });
});

describe("the API's group parameter", () => {
  it("WEB-3: group= is read in one spelling, and a value that is no group name is a 400 naming it", async () => {
    const { parseQuery } = await import("@/db/open-data/params");
    expect(parseQuery(new URLSearchParams("group=P%C3%BAblica"), ["group"]).group).toBe("publica");
    expect(() => parseQuery(new URLSearchParams("group=%3Cx%3E"), ["group"])).toThrow(/group must be a group name/);
  });
});
