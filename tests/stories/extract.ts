/**
 * Items of the labelled story set from home-page captures: a pure function of the pages' bytes.
 * Each article link is one item, timed by the first capture that shows it, titled by the
 * headline that capture shows. Front pages carry no summaries the parser keeps, so
 * `description` is null.
 */
import { extractFrontPage } from "../../crawler/parse/frontpage/frontpage";
import type { StoryItem, StorySourceFile } from "./manifest";

/** Headlines this short are labels ("Mehr", "Video"), not stories. */
export const MIN_TITLE_CHARS = 20;
/** An address where a headline should be ("Link: https://…", as bild.de labels its audio teasers). */
export const ADDRESS_ONLY = /^(?:link:\s*)?https?:\/\/\S+$/i;

/** The items of a set of captures, first sighting first; equal times keep the manifest's order. */
export function extractStoryItems(captures: readonly { file: StorySourceFile; bytes: Uint8Array }[]): StoryItem[] {
  const ordered = [...captures].sort((a, b) => a.file.captured.localeCompare(b.file.captured));
  const items = new Map<string, StoryItem>();
  for (const { file, bytes } of ordered) {
    for (const link of extractFrontPage(bytes, file.pageUrl).links) {
      const title = link.headline.replace(/\s+/g, " ").trim();
      if (items.has(link.url) || title.length < MIN_TITLE_CHARS || ADDRESS_ONLY.test(title)) continue;
      items.set(link.url, { url: link.url, outlet: file.outlet, language: file.language, time: file.captured, title, description: null });
    }
  }
  return [...items.values()].sort((a, b) => a.time.localeCompare(b.time) || a.url.localeCompare(b.url));
}

/** items.jsonl's text: one object a line, keys in the documented order. */
export function itemsJsonl(items: readonly StoryItem[]): string {
  return (
    items
      .map((i) =>
        JSON.stringify({ url: i.url, outlet: i.outlet, language: i.language, time: i.time, title: i.title, description: i.description }),
      )
      .join("\n") + "\n"
  );
}
