/**
 * The request mix of the load benchmark: groups of public pages and API calls, each with
 * a weight (its share of the requests) and a picker that draws a path over many real
 * rows of the generated year, so the page cache sees a realistic share of misses.
 *
 * Weights, as readers arrive on a news observatory: most come from links to one article
 * (social networks, search engines), then the home page and outlet pages; stories and
 * search follow; Estado and Datos are rarely read. The API and exports are used by a few
 * programs that page through lists (more) and fetch details (fewer); exports are rare
 * but the heaviest. Article ids are half "hot" (the 200 newest on a front page: what
 * everybody shares, cached) and half drawn from 30 days (a long tail: mostly misses).
 */
import type postgres from "postgres";

/** One group of the mix. */
export interface MixGroup {
  name: string;
  /** Share of all requests (the weights add up to 1). */
  weight: number;
  /** Whether it is a public page (read against the p95 goal) or an API call. */
  kind: "page" | "api";
  /** A path to request next (random over the group's population). */
  pick(): string;
  /** How many distinct paths it draws from. */
  population: number;
}

const DAY = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Words and phrases a reader types (Spanish news vocabulary); a quarter narrowed to one outlet. */
const SEARCHES = [
  "vivienda",
  "gobierno",
  "elecciones",
  "sanidad",
  "incendio",
  "presupuestos",
  "huelga",
  "alquiler",
  "inflación",
  "sequía",
  "tribunal",
  "fútbol",
  "europa",
  "congreso",
  "educación",
  "empleo",
  "tráfico",
  "turismo",
  "energía",
  "agua",
  "ministra",
  "alcalde",
  "juicio",
  "pensiones",
  "universidad",
  "hospital",
  "lluvia",
  "calor",
  "precio",
  "empresa",
  "acuerdo",
  "reforma",
  "policía",
  "feria",
  "puerto",
  "cultura",
  "museo",
  "salud mental",
  "transporte público",
  "obras",
];

/** A random element, uniform. */
function anyOf<T>(xs: readonly T[], random: () => number): T {
  return xs[Math.floor(random() * xs.length)]!;
}

/** The groups over the rows of the database (`end`: the generated year's last moment). */
export async function loadMix(sql: postgres.Sql, end: number, random: () => number = Math.random): Promise<MixGroup[]> {
  const outlets = (await sql<{ slug: string }[]>`select slug from outlets where active order by slug`).map((r) => r.slug);
  const since = new Date(end - 30 * DAY).toISOString();
  const hot = (
    await sql<{ id: string }[]>`
    select id from articles where first_seen_frontpage_at is not null order by first_seen_at desc limit 200`
  ).map((r) => r.id);
  // A sample of 30 days of articles (TABLESAMPLE would miss the time filter's index).
  const tail = (
    await sql<{ id: string }[]>`
    select id from articles where first_seen_at > ${since} and id % 7 = 0 limit 20000`
  ).map((r) => r.id);
  const stories = (await sql<{ id: string }[]>`select id from stories order by last_seen_at desc limit 1000`).map((r) => r.id);
  const articleId = () => (random() < 0.5 ? anyOf(hot, random) : anyOf(tail, random));
  const recentDay = () => day(end - Math.floor(random() * 30) * DAY);
  const weekFrom = () => day(end - (7 + Math.floor(random() * 21)) * DAY);
  const api = [
    () => `/api/v1/articles?outlet=${anyOf(outlets, random)}&from=${weekFrom()}`,
    () => `/api/v1/headline-versions?outlet=${anyOf(outlets, random)}&from=${weekFrom()}`,
    () => `/api/v1/rank-spans?outlet=${anyOf(outlets, random)}&from=${weekFrom()}`,
    () => `/api/v1/stories?from=${weekFrom()}`,
    () => "/api/v1/outlets",
  ];
  const details = [
    () => `/api/v1/articles/${articleId()}`,
    () => `/api/v1/stories/${anyOf(stories, random)}`,
    () => `/api/v1/outlets/${anyOf(outlets, random)}`,
  ];
  return [
    {
      name: "article /noticias/<id>",
      weight: 0.32,
      kind: "page",
      population: hot.length + tail.length,
      pick: () => `/noticias/${articleId()}`,
    },
    { name: "home /", weight: 0.14, kind: "page", population: 1, pick: () => "/" },
    {
      name: "outlet /cabeceras/<slug>",
      weight: 0.12,
      kind: "page",
      population: outlets.length,
      pick: () => `/cabeceras/${anyOf(outlets, random)}`,
    },
    {
      name: "story /historias/<id>",
      weight: 0.1,
      kind: "page",
      population: stories.length,
      pick: () => `/historias/${anyOf(stories, random)}`,
    },
    {
      name: "search /buscar?q=…",
      weight: 0.08,
      kind: "page",
      population: SEARCHES.length * (1 + outlets.length),
      pick: () => `/buscar?q=${encodeURIComponent(anyOf(SEARCHES, random))}${random() < 0.25 ? `&cabecera=${anyOf(outlets, random)}` : ""}`,
    },
    { name: "estado, datos", weight: 0.04, kind: "page", population: 2, pick: () => (random() < 0.6 ? "/estado" : "/datos") },
    {
      name: "API lists /api/v1/…?…",
      weight: 0.12,
      kind: "api",
      population: outlets.length * 21 * 4 + 21 + 1,
      pick: () => anyOf(api, random)(),
    },
    {
      name: "API details /api/v1/…/<id>",
      weight: 0.06,
      kind: "api",
      population: hot.length + tail.length + stories.length + outlets.length,
      pick: () => anyOf(details, random)(),
    },
    {
      name: "export articles.csv (1 outlet, 1 day)",
      weight: 0.02,
      kind: "api",
      population: outlets.length * 30,
      pick: () => {
        const from = recentDay();
        return `/api/v1/exports/articles.csv?outlet=${anyOf(outlets, random)}&from=${from}&to=${day(Date.parse(from) + DAY)}`;
      },
    },
  ];
}
