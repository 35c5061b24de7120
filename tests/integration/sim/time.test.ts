import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { get, HOUR, MINUTE, startSim, type SimFixture } from "./helpers";

describe("simulated time", () => {
  let f: SimFixture;
  let twin: SimFixture;
  let other: SimFixture;
  beforeAll(async () => {
    [f, twin, other] = await Promise.all([startSim({ seed: 7 }), startSim({ seed: 7 }), startSim({ seed: 8 })]);
  });
  afterAll(async () => {
    await Promise.all([f.sim.close(), twin.sim.close(), other.sim.close()]);
  });

  it("serves byte-identical content for the same seed and time, and different content for another seed", async () => {
    const o = f.sim.outlets[4]!;
    const urls = [o.homepage, o.feeds[0]!, `http://${o.hosts.sitemaps}/sitemaps/news.xml`];
    for (const url of urls) {
      const [a, b, c] = await Promise.all([get(f.sim, url), get(twin.sim, url), get(other.sim, url)]);
      expect(a.body.equals(b.body)).toBe(true);
      expect(a.headers.etag).toBe(b.headers.etag);
      expect(a.body.equals(c.body)).toBe(false);
    }
  });

  it("publishes new articles every few minutes as the clock advances", async () => {
    const o = f.sim.outlets[0]!;
    const before = f.sim.truth.articlesAt(f.clock.now(), { outlet: o.slug, windowMs: HOUR });
    const feedBefore = await get(f.sim, o.feeds[0]!);
    f.clock.advance(30 * MINUTE);
    const after = f.sim.truth.articlesAt(f.clock.now(), { outlet: o.slug, windowMs: 30 * MINUTE });
    const feedAfter = await get(f.sim, o.feeds[0]!);
    expect(before.length).toBeGreaterThanOrEqual(6);
    expect(after.length).toBeGreaterThanOrEqual(3);
    expect(feedAfter.text).toContain(after[0]!.url);
    expect(feedBefore.text).not.toContain(after[0]!.url);
  });

  it("rewrites headlines over time, and every surface shows the live version", async () => {
    const now = f.clock.now();
    const a = f.sim.truth.articlesAt(now, { windowMs: 30 * MINUTE }).find((x) => x.headlinePattern === "rewritten")!;
    const change = a.headlineVersions[1]!;
    expect(change.text).not.toBe(a.headlineVersions[0]!.text);
    f.clock.set(change.from - 1000);
    const before = await get(f.sim, a.url);
    f.clock.set(change.from);
    const after = await get(f.sim, a.url);
    expect(before.text).toContain(`<h1 class="titular">${a.headlineVersions[0]!.text.replaceAll("&", "&amp;")}`);
    expect(f.sim.truth.headlineAt(a.id, change.from)).toBe(change.text);
    expect(after.text).not.toBe(before.text);
    expect(Date.parse(/"dateModified":"([^"]+)"/.exec(after.text)?.[1] ?? "")).toBe(Math.floor(change.from / 1000) * 1000);
    f.clock.set(now);
  });

  it("flips some headlines A→B→A, as an A/B test does", async () => {
    const now = f.clock.now();
    const a = f.sim.truth.articlesAt(now, { windowMs: 2 * HOUR }).find((x) => x.headlinePattern === "ab-test")!;
    const [v0, v1, v2] = a.headlineVersions;
    expect(v0!.text).not.toBe(v1!.text);
    expect(v2!.text).toBe(v0!.text);
    const served: string[] = [];
    for (const v of [v0!, v1!, v2!]) {
      f.clock.set(v.from + MINUTE);
      const feed = await get(f.sim, f.sim.outlets.find((o) => o.slug === a.outlet)!.feeds[0]!);
      const xml = feed.text;
      const item = xml.slice(xml.indexOf(a.url) - 400, xml.indexOf(a.url));
      served.push(v.text);
      expect(item.replaceAll("&amp;", "&")).toContain(v.text);
    }
    expect(served[0]).toBe(served[2]);
    f.clock.set(now);
  });

  it("keeps front-page slots between looks: newcomers enter near the top and push the rest down, old ones fall off", () => {
    const o = f.sim.outlets[2]!;
    const now = f.clock.now();
    const page = (t: number) => f.sim.truth.frontPageAt(o.slug, t).map((s) => s.articleId);
    const first = page(now);
    const later = page(now + 15 * MINUTE);
    const kept = later.filter((id) => first.includes(id));
    expect(first).toHaveLength(60);
    expect(kept.length).toBeGreaterThan(50);
    // Most kept articles keep their order relative to each other (a few are promoted or demoted).
    const inOrder = kept.filter((id, i) => i === 0 || first.indexOf(kept[i - 1]!) < first.indexOf(id));
    expect(inOrder.length).toBeGreaterThan(kept.length - 5);
    const newcomers = later.map((id, i) => ({ id, rank: i + 1 })).filter((x) => !first.includes(x.id));
    expect(newcomers.length).toBeGreaterThan(0);
    expect(Math.min(...newcomers.map((x) => x.rank))).toBeLessThanOrEqual(20);
    expect(page(now + 12 * HOUR).filter((id) => first.includes(id))).toEqual([]);
    // Between publications and editors' moves, the page holds.
    expect(page(now + 1000)).toEqual(page(now));
  });

  it("labels about a third of articles as one story across 3–6 outlets, hours apart, with paraphrased headlines", () => {
    const now = f.clock.now();
    const articles = f.sim.truth.articlesAt(now, { windowMs: 12 * HOUR });
    const shared = articles.filter((a) => a.storyId).length / articles.length;
    expect(shared).toBeGreaterThan(0.2);
    expect(shared).toBeLessThan(0.5);
    // Outlets pick a story up over many hours (and some follow their own article up), so a
    // 12-hour window holds many stories only in part.
    const stories = f.sim.truth.storiesAt(now - 36 * HOUR, { windowMs: 12 * HOUR });
    for (const s of stories) {
      expect(s.outlets.length).toBeLessThanOrEqual(6);
      expect(s.articleIds.length).toBeGreaterThanOrEqual(s.outlets.length);
    }
    expect(stories.filter((s) => s.outlets.length >= 3).length).toBeGreaterThan(stories.length / 3);
    const story = stories.find((s) => s.articleIds.length >= 4)!;
    const headlines = story.articleIds.map((id) => f.sim.truth.headlineAt(id, now)!);
    expect(new Set(headlines).size).toBe(headlines.length);
    // Paraphrased, yet about one event: most pairs share a word (the person, the place or the topic).
    const words = (h: string) => new Set(h.toLowerCase().match(/\p{L}{5,}/gu));
    let pairs = 0;
    let sharing = 0;
    for (const s of stories.filter((x) => x.articleIds.length >= 2)) {
      const [w0, w1] = s.articleIds.slice(0, 2).map((id) => words(f.sim.truth.headlineAt(id, now)!));
      pairs++;
      if ([...w0!].some((w) => w1!.has(w))) sharing++;
    }
    expect(sharing / pairs).toBeGreaterThan(0.5);
  });

  it("runs wire copy with the same agency text and credit line on every outlet of the story", () => {
    const stories = f.sim.truth.storiesAt(f.clock.now() - 36 * HOUR, { windowMs: 12 * HOUR });
    const wire = stories.find((s) => s.agency && s.articleIds.filter((id) => f.sim.truth.article(id)!.agency).length >= 3)!;
    // An outlet's follow-up of a wire story is its own text, not the agency's.
    const copies = wire.articleIds.filter((id) => f.sim.truth.article(id)!.agency);
    const texts = copies.map((id) => f.sim.truth.textOf(id)!);
    expect(texts[0]!.sentences[0]).toMatch(new RegExp(`^[A-ZÁÉÍÓÚÑ ]+, \\d+ \\w+\\. \\(${wire.agency}\\)\\.-`));
    for (const t of texts) expect(t.sentences).toEqual(texts[0]!.sentences);
    for (const id of copies) expect(f.sim.truth.article(id)!.authors).toEqual([wire.agency]);
  });
});
