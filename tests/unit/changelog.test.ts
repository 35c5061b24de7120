/** CHANGELOG.md: the product's own record of releases, which /bot and /correcciones publish (SPEC WEB-1, ID-4). */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { lastRevision, pageChangeKey, parseChangelog } from "../../lib/changelog";
import { readChangelog } from "../../lib/changelog-file";

describe("the changelog", () => {
  it("WEB-1: package.json's version is the newest release, dated, and releases are newest first", () => {
    const releases = readChangelog();
    const version = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { version: string }).version;
    expect(releases[0]?.version).toBe(version);
    const days = releases.map((r) => r.day);
    expect(days).toEqual([...days].sort().reverse());
  });

  it("WEB-1: every page a release names is a public page of the site", () => {
    for (const release of readChangelog()) {
      for (const change of release.pageChanges) {
        expect(fs.existsSync(`app/(public)${change.path}/page.tsx`), change.path).toBe(true);
      }
    }
  });

  it("WEB-1: page lines are read per release; other lines are not published; a bad heading fails loudly", () => {
    const releases = parseChangelog(
      "# Changelog\n\n## 0.2.0 (2027-01-10)\n\n- /bot: Leemos más despacio.\n- Internal refactor.\n\n## 0.1.0 (2026-12-05)\n\n- /editores: Primera versión.\n",
    );
    expect(releases).toEqual([
      { version: "0.2.0", day: "2027-01-10", pageChanges: [{ path: "/bot", text: "Leemos más despacio." }] },
      { version: "0.1.0", day: "2026-12-05", pageChanges: [{ path: "/editores", text: "Primera versión." }] },
    ]);
    expect(lastRevision(releases, "/editores")).toEqual({ version: "0.1.0", day: "2026-12-05" });
    expect(lastRevision(releases, "/privacidad")).toBeUndefined();
    expect(pageChangeKey(releases[0]!, releases[0]!.pageChanges[0]!)).toBe("0.2.0 /bot");
    expect(() => parseChangelog("## next release\n")).toThrow(/X\.Y\.Z/);
  });
});
