// The simulated coverage of one event: outlets hours apart, follow-ups, paraphrased ledes, distinct events on one topic.
import { describe, expect, it, vi } from "vitest";
import { simOutlets } from "../../sim/outlets";
import { FOLLOW_UP_SPAN_MS, PICKUP_SPAN_MS } from "../../sim/stories";
import { createWorld, liveHeadline, type SimArticle } from "../../sim/world";

vi.setConfig({ testTimeout: 60_000 });

const HOUR = 3_600_000;
const T0 = Date.parse("2026-03-10T12:00:00Z");

function day(seed: number): SimArticle[] {
  const world = createWorld(seed, simOutlets(30));
  return world.outlets.flatMap((o) => world.articlesOf(o.slug, T0 - 24 * HOUR, T0));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe("the simulator's coverage of one event (DER-2's ground truth)", () => {
  const articles = day(3);
  const byStory = new Map<string, SimArticle[]>();
  for (const a of articles) if (a.storyId) byStory.set(a.storyId, [...(byStory.get(a.storyId) ?? []), a]);

  it("has outlets cover one event hours apart, not minutes", () => {
    const gaps: number[] = [];
    for (const members of byStory.values())
      for (const a of members) for (const b of members) if (a.outlet < b.outlet) gaps.push(Math.abs(a.publishedAt - b.publishedAt));
    expect(gaps.length).toBeGreaterThan(1000);
    expect(median(gaps)).toBeGreaterThan(HOUR);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(PICKUP_SPAN_MS + FOLLOW_UP_SPAN_MS);
  });

  it("has some outlets follow their own article up within 72 hours, under another headline", () => {
    const followUps = articles.filter((a) => a.localId.endsWith("f"));
    expect(followUps.length).toBeGreaterThan(50);
    for (const f of followUps.slice(0, 50)) {
      const first = createWorld(3, simOutlets(30)).article(f.id.slice(0, -1))!;
      expect(f.storyId).toBe(first.storyId);
      expect(f.publishedAt - first.publishedAt).toBeGreaterThan(0);
      expect(f.publishedAt - first.publishedAt).toBeLessThanOrEqual(72 * HOUR);
      expect(f.agency).toBeUndefined();
    }
  });

  it("gives outlets paraphrased ledes: few true pairs share one, wire copy aside", () => {
    const world = createWorld(3, simOutlets(30));
    let pairs = 0;
    let identical = 0;
    for (const members of byStory.values()) {
      for (let i = 0; i < members.length; i++)
        for (let j = i + 1; j < members.length; j++) {
          if (members[i]!.agency || members[j]!.agency) continue;
          pairs++;
          if (world.ledeOf(members[i]!) === world.ledeOf(members[j]!)) identical++;
        }
    }
    expect(pairs).toBeGreaterThan(500);
    expect(identical).toBe(0);
  });

  it("tells two events on one topic apart by their people and places", () => {
    const stories = [...byStory.values()].map((m) => m[0]!.core);
    let sameTopic = 0;
    let sameNames = 0;
    for (let i = 0; i < stories.length; i++)
      for (let j = i + 1; j < stories.length; j++) {
        if (stories[i]!.topic !== stories[j]!.topic) continue;
        sameTopic++;
        if (stories[i]!.actor.name === stories[j]!.actor.name && stories[i]!.place === stories[j]!.place) sameNames++;
      }
    expect(sameTopic).toBeGreaterThan(100);
    expect(sameNames / sameTopic).toBeLessThan(0.01);
  });

  it("is a pure function of the seed", () => {
    const again = day(3);
    expect(again.map((a) => [a.id, a.publishedAt, liveHeadline(a, T0)])).toEqual(
      articles.map((a) => [a.id, a.publishedAt, liveHeadline(a, T0)]),
    );
    expect(day(4).map((a) => a.id)).not.toEqual(articles.map((a) => a.id));
  });
});
