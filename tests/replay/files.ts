/**
 * The real front-page sequences of ../shared/replay/ (tests/replay/README.md): the manifest,
 * each capture's bytes checked against its sha256 (a changed or missing file throws), and the
 * hand-checked expectations kept in this folder.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
/** ../shared/replay relative to the project's root (REPLAY_DIR overrides). */
export const REPLAY_DIR = process.env.REPLAY_DIR ?? path.resolve(here, "../../../shared/replay");

export interface ReplayFile {
  file: string;
  outlet: string;
  /** The page's URL (the outlet's home page where the scraper kept none). */
  url: string;
  /** Capture time, ms (the scraper's, else its commit's). */
  at: number;
  lastModified: string | null;
  contentType: string | null;
  sha256: string;
}

export interface Expectation {
  file: string;
  teasers: { url: string; title: string }[];
}

// Four faz.net captures carry no URL in the manifest: the scraper's page was the outlet's home page.
const HOME: Record<string, string> = { "faz.net": "https://www.faz.net/aktuell/" };

/** Every capture of the manifest, outlet by outlet in time order. */
export function replayFiles(): ReplayFile[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(REPLAY_DIR, "manifest.json"), "utf8")) as {
    files: {
      file: string;
      url: string | null;
      captured: string | null;
      committed: string;
      lastModified: string | null;
      contentType: string | null;
      sha256: string;
    }[];
  };
  return manifest.files
    .map((f) => {
      const outlet = f.file.split("/")[0]!;
      return {
        file: f.file,
        outlet,
        url: f.url ?? HOME[outlet] ?? `https://www.${outlet}/`,
        at: Date.parse(f.captured ?? f.committed),
        lastModified: f.lastModified,
        contentType: f.contentType,
        sha256: f.sha256,
      };
    })
    .sort((a, b) => a.outlet.localeCompare(b.outlet) || a.at - b.at);
}

/** A capture's bytes; throws when the file is missing or its sha256 differs from the manifest. */
export function readReplayFile(f: ReplayFile): Buffer {
  const bytes = fs.readFileSync(path.join(REPLAY_DIR, f.file));
  const sum = createHash("sha256").update(bytes).digest("hex");
  if (sum !== f.sha256) throw new Error(`${f.file}: sha256 ${sum} differs from the manifest's ${f.sha256}`);
  return bytes;
}

/** The hand-checked expectations, by file. */
export function replayExpectations(): Map<string, Expectation> {
  const data = JSON.parse(fs.readFileSync(path.join(here, "expectations.json"), "utf8")) as { captures: Expectation[] };
  return new Map(data.captures.map((c) => [c.file, c]));
}

/** URLs compared without query and fragment (tracking parameters differ between teasers). */
export function urlKey(url: string): string {
  return url.replace(/[?#].*$/, "");
}

/** Titles compared without whitespace and case: block spans may or may not be separated by spaces. */
export function titleKey(title: string): string {
  return title
    .normalize("NFC")
    .replace(/[\s\u200b]+/g, "")
    .toLowerCase();
}
