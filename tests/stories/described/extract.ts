/**
 * Items of the described story set from home-page captures: a pure function of the pages'
 * bytes. As in the titles-only set (../extract.ts), each article link is one item, timed and
 * titled by the first capture that shows it; its description is the first teaser summary any
 * capture shows for it (summaries.ts). Links never shown with a summary are not items.
 */
import { extractFrontPage } from "../../../crawler/parse/frontpage/frontpage";
import { MIN_TITLE_CHARS, ADDRESS_ONLY } from "../extract";
import type { StoryItem, StorySourceFile } from "../manifest";
import { teaserSummaries } from "./summaries";

export function extractDescribedItems(captures: readonly { file: StorySourceFile; bytes: Uint8Array }[]): StoryItem[] {
  const ordered = [...captures].sort((a, b) => a.file.captured.localeCompare(b.file.captured));
  const items = new Map<string, StoryItem>();
  const summaries = new Map<string, string>();
  for (const { file, bytes } of ordered) {
    for (const [url, text] of teaserSummaries(bytes, file.outlet, file.pageUrl)) if (!summaries.has(url)) summaries.set(url, text);
    for (const link of extractFrontPage(bytes, file.pageUrl).links) {
      const title = link.headline.replace(/\s+/g, " ").trim();
      if (items.has(link.url) || title.length < MIN_TITLE_CHARS || ADDRESS_ONLY.test(title)) continue;
      items.set(link.url, { url: link.url, outlet: file.outlet, language: file.language, time: file.captured, title, description: null });
    }
  }
  return [...items.values()]
    .flatMap((item) => {
      const description = summaries.get(item.url);
      // A summary that only repeats the headline describes nothing more.
      return description === undefined || description === item.title ? [] : [{ ...item, description }];
    })
    .sort((a, b) => a.time.localeCompare(b.time) || a.url.localeCompare(b.url));
}
