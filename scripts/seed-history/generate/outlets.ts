/**
 * The generated outlets: invented names on `.test` domains (never reachable), a few
 * big, more medium, most small; two with a troubled last week ("sin posición", BLK-7).
 */
import type { Random } from "./random";
import type { GenOutlet } from "./types";
import { FIRST_NAMES, NAME_FIRST, NAME_SECOND, SURNAMES } from "./vocabulary";

const TIERS = {
  big: { articlesPerDay: 160, frontpageShare: 0.3, frontpageSize: 40, authors: 80 },
  medium: { articlesPerDay: 70, frontpageShare: 0.45, frontpageSize: 32, authors: 40 },
  small: { articlesPerDay: 25, frontpageShare: 0.7, frontpageSize: 24, authors: 15 },
} as const;

function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** `count` outlets; tiers: 12 % big, 28 % medium, the rest small. */
export function generateOutlets(random: Random, count: number): GenOutlet[] {
  const names = new Set<string>();
  const outlets: GenOutlet[] = [];
  for (let index = 0; index < count; index++) {
    let name = `${random.pick(NAME_FIRST)} ${random.pick(NAME_SECOND)}`;
    for (let n = 2; names.has(name); n++) name = `${name.replace(/ \d+$/, "")} ${n}`;
    names.add(name);
    const tier = index < Math.max(1, Math.round(count * 0.12)) ? "big" : index < Math.round(count * 0.4) ? "medium" : "small";
    const t = TIERS[tier];
    const slug = slugify(name);
    const domain = `${slug}.test`;
    const authors = Array.from({ length: t.authors }, () => `${random.pick(FIRST_NAMES)} ${random.pick(SURNAMES)}`);
    outlets.push({
      index,
      slug,
      name,
      domain,
      homepage: `https://www.${domain}/`,
      tier,
      articlesPerDay: t.articlesPerDay * (0.8 + random.next() * 0.4),
      frontpageShare: t.frontpageShare,
      frontpageSize: t.frontpageSize,
      renderMode: random.chance(0.1) ? "browser" : "static",
      failureRate: 0.005 + random.next() * 0.03,
      troubledDays: index % 23 === 7 ? 7 : 0,
      authors: [...new Set(authors)],
      feeds: [`https://www.${domain}/rss/portada.xml`, `https://www.${domain}/rss/ultima-hora.xml`],
      sitemap: `https://www.${domain}/sitemap-news.xml`,
    });
  }
  return outlets;
}
