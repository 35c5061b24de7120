/**
 * A small, fully known data set for the open-data tests: one outlet per exclusion scope
 * plus an open one, each with articles, headline versions, framing, rank spans and one
 * story that all outlets covered; one author asked to hide her byline.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { articles, bylineRequests, exclusions, framing, headlineVersions, outlets, rankSpans, stories } from "../../../db/schema";
import type { Scope } from "../../../lib/policy";

/** Outlet slugs by what their publisher asked. */
export const OUTLETS = {
  open: "abierto",
  noHeadlines: "sin-titulares",
  noPositions: "sin-posicion",
  noModel: "sin-anotacion",
  total: "excluido",
} as const;

const scopeOf: Record<string, Scope | undefined> = {
  [OUTLETS.noHeadlines]: "sin-titulares-literales",
  [OUTLETS.noPositions]: "sin-posicion",
  [OUTLETS.noModel]: "sin-anotacion-de-modelo",
  [OUTLETS.total]: "total",
};

/** The author whose byline is hidden (PUB-5). */
export const HIDDEN_AUTHOR = "Ana Pérez";
/** Articles per outlet. */
export const ARTICLES_PER_OUTLET = 3;
/** The fixture's start instant. */
export const T0 = Date.parse("2026-03-02T08:00:00Z");
const minutes = (n: number) => new Date(T0 + n * 60_000);

/** Headline text of article `i` of outlet `slug`, version `v`. */
export const headlineText = (slug: string, i: number, v = 1) => `Titular ${v} de ${slug} número ${i}`;

/** Write the fixture; returns the story id and article ids by outlet slug. */
export async function writeFixture(db: Db): Promise<{ storyId: number; articleIds: Record<string, number[]> }> {
  const [story] = await db
    .insert(stories)
    .values({ firstSeenAt: minutes(0), lastSeenAt: minutes(600), keyTerms: ["presupuestos", "congreso"], outletCount: 5 })
    .returning();
  const articleIds: Record<string, number[]> = {};
  for (const [index, slug] of Object.values(OUTLETS).entries()) {
    const [outlet] = await db
      .insert(outlets)
      .values({ slug, name: `Diario ${slug}`, homepage: `https://www.${slug}.test/` })
      .returning();
    const outletId = outlet!.id;
    const scope = scopeOf[slug];
    if (scope) {
      await db
        .insert(exclusions)
        .values({ outletId, domain: `${slug}.test`, scope, channel: "mail", receivedAt: minutes(-60), appliedAt: minutes(-30) });
    }
    articleIds[slug] = [];
    for (let i = 1; i <= ARTICLES_PER_OUTLET; i++) {
      const seen = minutes(index * 10 + i);
      const [a] = await db
        .insert(articles)
        .values({
          outletId,
          url: `https://www.${slug}.test/noticia-${i}`,
          publishedAt: minutes(index * 10 + i - 5),
          firstSeenAt: seen,
          firstSeenIn: "frontpage",
          firstSeenFrontpageAt: seen,
          firstSeenFeedAt: minutes(index * 10 + i + 1),
          section: "Política",
          authors: i === 1 ? [HIDDEN_AUTHOR, "Luis Gómez"] : ["Luis Gómez"],
          siteDomain: `${slug}.test`,
          storyId: i === 1 ? story!.id : null,
        })
        .returning();
      const articleId = a!.id;
      articleIds[slug]!.push(articleId);
      const versions = i === 1 ? [1, 2] : [1];
      for (const v of versions) {
        const text = headlineText(slug, i, v);
        const hash = `${slug}-${i}-${v}`;
        await db.insert(headlineVersions).values({
          articleId,
          text,
          textHash: hash,
          firstSeenAt: minutes(index * 10 + i + (v - 1) * 30),
          lastSeenAt: minutes(index * 10 + i + v * 30),
          seenIn: ["frontpage", "feed"],
        });
        await db.insert(framing).values({ textHash: hash, letter: "B", score: 0.5, modelSha256: "0".repeat(64), computedAt: seen });
      }
      await db.insert(rankSpans).values([
        { articleId, outletId, position: i, fromAt: seen, toAt: minutes(index * 10 + i + 60) },
        { articleId, outletId, position: i + 1, fromAt: minutes(index * 10 + i + 75), toAt: minutes(index * 10 + i + 120) },
      ]);
    }
  }
  await db.insert(bylineRequests).values({ authorName: "ana perez", receivedAt: minutes(-60), acceptedAt: minutes(-30) });
  await db.execute(sql`select 1`);
  return { storyId: story!.id, articleIds };
}
