/**
 * `npm run bench -- replay`: the real front-page sequences of ../shared/replay/ (124 captures
 * of five outlets, 2022-01-28..30; tests/replay/README.md) replayed through the real
 * collector, parser and recorders into a fresh database with a manual clock at each
 * capture's time, then read back by the site's read model (tests/replay/replay.ts). Per
 * outlet: lead correct (share of the hand-checked captures), mean top-10 overlap, headline =
 * title (share of the expected teasers found), ranks reproduced at every capture, stays per
 * article as the parsed sequence has them, first seen = the first capture showing the article.
 * Goals (SPEC EXT-8): lead ≥ 0.95, headline = title ≥ 0.98,
 * overlap ≥ 0.9, spans exact. Then an independent simple rule (tests/replay/independent-rule.ts)
 * reads every capture, and each capture where its lead differs from the product's is listed.
 */
import { extractFrontPage } from "../../crawler/parse/frontpage/frontpage";
import { readReplayFile, replayExpectations, replayFiles, urlKey } from "../replay/files";
import { independentTeasers } from "../replay/independent-rule";
import { replayAll } from "../replay/replay";
import { agreement } from "../replay/score";
import { atLeast, exactly, figure, type BenchContext, type Figure } from "./types";

export const name = "replay";

export async function run(ctx: BenchContext): Promise<Figure[]> {
  const files = replayFiles();
  const expectations = replayExpectations();
  const database = await ctx.createDatabase();
  const figures: Figure[] = [];
  try {
    const started = process.cpuUsage();
    const outlets = await replayAll(database, files, expectations, ctx.progress);
    const cpu = process.cpuUsage(started);
    for (const o of outlets) {
      const e = o.expected;
      figures.push(
        figure(`${o.outlet}: lead correct ÷ hand-checked captures (${e.captures})`, e.lead / e.captures, "ratio", atLeast(0.95)),
        figure(`${o.outlet}: mean top-10 overlap with the hand-checked teasers`, e.overlap / e.captures, "ratio", atLeast(0.9)),
        figure(
          `${o.outlet}: headline = title ÷ expected teasers found (${e.found})`,
          e.found === 0 ? 0 : e.titled / e.found,
          "ratio",
          atLeast(0.98),
        ),
        figure(
          `${o.outlet}: captures whose stored ranking is the parsed one ÷ captures recorded (${o.captures - o.notModified}; ${o.notModified} were 304)`,
          o.ranksExact / (o.captures - o.notModified),
          "ratio",
          exactly(1),
        ),
        figure(
          `${o.outlet}: articles whose stays in the spans are the parsed ones ÷ articles ranked (${o.articles})`,
          o.staysExact / o.articles,
          "ratio",
          exactly(1),
        ),
        figure(`${o.outlet}: first seen = first capture showing it ÷ articles`, o.firstSeenShare, "ratio", exactly(1)),
      );
    }
    figures.push(figure("replay CPU of this process (parse twice, record, read back)", (cpu.user + cpu.system) / 1e6, "s"));
  } finally {
    await database.close();
  }
  // The independent rule against the product's parser, on every capture.
  const agree = new Map<string, { n: number; lead: number; overlap: number }>();
  for (const f of files) {
    const bytes = readReplayFile(f);
    const product = extractFrontPage(bytes, f.url, f.contentType ?? undefined).links;
    const rule = independentTeasers(bytes.toString("utf8"), f.url).map((t) => ({ url: t.url, headline: t.title }));
    const a = agreement(product, rule);
    const t = agree.get(f.outlet) ?? { n: 0, lead: 0, overlap: 0 };
    agree.set(f.outlet, { n: t.n + 1, lead: t.lead + (a.sameLead ? 1 : 0), overlap: t.overlap + a.overlap });
    if (!a.sameLead)
      console.log(`  lead differs · ${f.file}: product ${urlKey(product[0]?.url ?? "(none)")} · rule ${urlKey(rule[0]?.url ?? "(none)")}`);
  }
  for (const [outlet, a] of agree) {
    figures.push(
      figure(`${outlet}: independent rule has the product's lead ÷ captures (${a.n})`, a.lead / a.n, "ratio"),
      figure(`${outlet}: mean share of the product's top 10 in the rule's top 10`, a.overlap / a.n, "ratio"),
    );
  }
  return figures;
}
