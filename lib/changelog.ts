/**
 * The product's changelog (CHANGELOG.md), parsed: its releases, and per release the lines
 * that change a public page's promises (`- /bot: …`). Pure: the text in, the releases out.
 */

/** One line of a release that changes what a public page promises. */
export interface PageChange {
  /** The page's path, e.g. `/bot`. */
  path: string;
  /** The change, in Spanish, as it is published. */
  text: string;
}

/** One release. */
export interface Release {
  version: string;
  /** YYYY-MM-DD. */
  day: string;
  pageChanges: PageChange[];
}

const RELEASE = /^## (\d+\.\d+\.\d+) \((\d{4}-\d{2}-\d{2})\)\s*$/;
const PAGE_LINE = /^- (\/[a-z0-9/-]*): (.+)$/;

/** The releases of a changelog's text, newest first as written; a malformed heading throws. */
export function parseChangelog(text: string): Release[] {
  const releases: Release[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith("## ")) {
      const m = RELEASE.exec(line);
      if (!m) throw new Error(`CHANGELOG.md: a release heading must read "## X.Y.Z (YYYY-MM-DD)": ${line}`);
      releases.push({ version: m[1]!, day: m[2]!, pageChanges: [] });
      continue;
    }
    const page = PAGE_LINE.exec(line);
    if (page && releases.length > 0) releases.at(-1)!.pageChanges.push({ path: page[1]!, text: page[2]!.trim() });
  }
  return releases;
}

/** The newest release that changed `path`, or undefined when none did. */
export function lastRevision(releases: readonly Release[], path: string): { version: string; day: string } | undefined {
  const release = releases.find((r) => r.pageChanges.some((c) => c.path === path));
  return release ? { version: release.version, day: release.day } : undefined;
}

/** A stable key of one page change, so it is published in the corrections log once. */
export function pageChangeKey(release: Release, change: PageChange): string {
  return `${release.version} ${change.path}`;
}
