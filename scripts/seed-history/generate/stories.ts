/**
 * Stories across outlets (DER-2): each day a few dozen, most covered by a handful of
 * outlets, some by most of them; big outlets cover more. Each covering outlet gets one
 * article at the story's time plus a delay.
 */
import { DAY, localDays, publicationTime } from "./calendar";
import type { Random } from "./random";
import type { GenOutlet, GenStory } from "./types";
import { KEY_TERMS, OBJECTS, SUBJECTS } from "./vocabulary";

/** An outlet's article about a story. */
export interface StoryArticle {
  storyId: number;
  at: number;
  subject: string;
  object: string;
}

/** Stories per local day (mean). */
const STORIES_PER_DAY = 30;

/** Stories of [from, to) and, per outlet index, the articles it publishes about them. */
export function generateStories(
  random: Random,
  outlets: readonly GenOutlet[],
  from: number,
  to: number,
  firstId: number,
): { stories: GenStory[]; byOutlet: StoryArticle[][] } {
  const stories: GenStory[] = [];
  const byOutlet: StoryArticle[][] = outlets.map(() => []);
  const weight = (o: GenOutlet) => (o.tier === "big" ? 3 : o.tier === "medium" ? 2 : 1);
  let id = firstId;
  for (const day of localDays(from, to)) {
    const n = random.poisson(STORIES_PER_DAY);
    for (let i = 0; i < n; i++) {
      const start = publicationTime(random, day);
      if (start < from || start >= to - 3_600_000) continue;
      const reach = random.weighted([random.int(2, 5), random.int(6, 15), random.int(16, outlets.length)], [60, 30, 10]);
      const chosen = new Set<number>();
      const count = Math.min(reach, outlets.length);
      while (chosen.size < count)
        chosen.add(
          random.weighted(
            outlets.map((o) => o.index),
            outlets.map(weight),
          ),
        );
      const subject = random.pick(SUBJECTS);
      const object = random.pick(OBJECTS);
      const times = [...chosen].map((outlet) => ({
        outlet,
        at: Math.min(to - 60_000, start + Math.floor(random.exponential(2 * 3_600_000))),
      }));
      for (const t of times) byOutlet[t.outlet]!.push({ storyId: id, at: t.at, subject, object });
      const terms = new Set([random.pick(KEY_TERMS), random.pick(KEY_TERMS), random.pick(KEY_TERMS)]);
      stories.push({
        id,
        firstSeenAt: Math.min(...times.map((t) => t.at)),
        lastSeenAt: Math.min(to, Math.max(...times.map((t) => t.at)) + DAY / 4),
        keyTerms: [...terms],
        outletCount: chosen.size,
        subject,
        object,
      });
      id++;
    }
  }
  for (const list of byOutlet) list.sort((a, b) => a.at - b.at);
  return { stories, byOutlet };
}
