/**
 * A small, complete data set for the data-page end-to-end tests: an open outlet with
 * a changed headline, ranks, captures and a reply; an outlet under each exclusion
 * scope; a story told by three outlets. Fixed ids above what a crawl reaches, so tests
 * link to them directly; `seedPageData` first removes a previous copy.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  addArticle,
  addExclusion,
  addFillers,
  addFrontPages,
  addOutlet,
  addReply,
  addSignal,
  addStory,
  HOUR,
  MINUTE,
} from "./page-fixtures";

/** Ids and names the tests look for. */
export const PAGE_DATA = {
  open: {
    slug: "e2e-abierto",
    name: "Diario Abierto",
    article: 900_001,
    headline: "El Gobierno retira la ley de vivienda",
    previous: "El Gobierno aprueba la ley de vivienda",
  },
  withheld: { slug: "e2e-sin-titulares", name: "Diario Reservado", article: 900_002, headline: "Titular que no debe verse" },
  unpositioned: { slug: "e2e-sin-posicion", name: "Diario Sin Posición", article: 900_003, headline: "Noticia sin posición visible" },
  excluded: { slug: "e2e-excluido", name: "Diario Excluido", article: 900_004, headline: "Noticia de un medio excluido" },
  story: 900_001,
  reply: "<script>alert('réplica')</script>\nSegunda línea de la réplica",
} as const;

/** Remove the data set, so other test files see the site's database as the crawl left it. */
export async function removePageData(db: Db): Promise<void> {
  const d = PAGE_DATA;
  const slugs = [d.open.slug, d.withheld.slug, d.unpositioned.slug, d.excluded.slug];
  await db.execute(
    sql`delete from exclusions where outlet_id in (select id from outlets where slug in (${sql.join(
      slugs.map((s) => sql`${s}`),
      sql`, `,
    )}))`,
  );
  await db.execute(
    sql`delete from outlets where slug in (${sql.join(
      slugs.map((s) => sql`${s}`),
      sql`, `,
    )})`,
  );
  await db.execute(sql`delete from stories where id = ${d.story}`);
}

/** Insert (again) the data set, relative to `now`. */
export async function seedPageData(db: Db, now: number): Promise<void> {
  const d = PAGE_DATA;
  await removePageData(db);

  const story = await addStory(db, ["vivienda", "ley"], now - 10 * HOUR, now - HOUR, d.story);
  const open = await addOutlet(db, d.open.slug, d.open.name);
  await addArticle(db, {
    id: d.open.article,
    outletId: open,
    path: "/vivienda",
    firstSeenAt: now - 10 * HOUR,
    publishedAt: now - 10 * HOUR - 25 * MINUTE,
    section: "Política",
    authors: ["Ana Pérez"],
    storyId: story,
    readOutcome: "open",
    headlines: [
      [d.open.previous, now - 10 * HOUR, now - 6 * HOUR],
      [d.open.headline, now - 6 * HOUR, now - HOUR],
    ],
  });
  // Read for a month: its declared article is news, not the backlog of our first read (the delay's start-up rule).
  await addArticle(db, {
    outletId: open,
    path: "/archivo",
    firstSeenAt: now - 30 * 24 * HOUR,
    headlines: [["Archivo", now - 30 * 24 * HOUR, now - 30 * 24 * HOUR]],
  });
  // Third under two other links, then the lead from 8 hours ago.
  const above = await addFillers(db, open, 2, now - 10 * HOUR);
  await addFrontPages(db, open, [
    [now - 10 * HOUR, [...above, d.open.article]],
    [now - 8 * HOUR, [d.open.article]],
    [now - HOUR, [d.open.article]],
  ]);
  await addSignal(db, open, "tdm-reservation", "header", "1", now - 2 * HOUR);
  await addReply(db, open, d.reply, now - 48 * HOUR, now - 24 * HOUR);

  for (const [key, scope] of [
    ["withheld", "sin-titulares-literales"],
    ["unpositioned", "sin-posicion"],
    ["excluded", "total"],
  ] as const) {
    const o = d[key];
    const id = await addOutlet(db, o.slug, o.name);
    await addArticle(db, {
      id: o.article,
      outletId: id,
      path: "/noticia",
      firstSeenAt: now - 9 * HOUR,
      storyId: story,
      headlines: [[o.headline, now - 9 * HOUR, now - 2 * HOUR]],
    });
    const above = await addFillers(db, id, 1, now - 9 * HOUR);
    await addFrontPages(db, id, [
      [now - 9 * HOUR, [...above, o.article]],
      [now - 2 * HOUR, [...above, o.article]],
    ]);
    await addExclusion(db, id, scope, now - HOUR);
  }
}
