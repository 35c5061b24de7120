/**
 * When a figure rests on too little data to be a finding (SPEC WEB-7): one threshold per
 * kind of figure, in one place, used by every page that prints a median or a share, and
 * by /metodologia, which lists them. Below its threshold a page says "aún pocos datos"
 * and how many there were, instead of the number. Pure.
 */
import { formatCount } from "./format";

/** A threshold: the fewest items a figure needs, and what it counts (singular, plural). */
export interface DataThreshold {
  min: number;
  one: string;
  many: string;
  figure: string;
}

/** The thresholds, by kind of figure. */
export const ENOUGH_DATA = {
  /** Median publication delay of an outlet (DER-8), over articles that declare their time. */
  delayMedian: {
    min: 10,
    one: "noticia con hora declarada",
    many: "noticias con hora declarada",
    figure: "Retraso mediano de publicación de una cabecera",
  },
  /** Median and 90th percentile of our lag per outlet and source kind on "Estado" (DER-8). */
  lagPercentiles: { min: 10, one: "noticia", many: "noticias", figure: "Mediana y percentil 90 de nuestro retraso por cabecera y vía" },
  /** Median time on the front page (DER-7). */
  frontPageMedian: { min: 10, one: "noticia en portada", many: "noticias en portada", figure: "Tiempo mediano en portada" },
  /** Half-life of front-page links (DER-7). */
  halfLife: { min: 10, one: "noticia", many: "noticias", figure: "Vida media de un enlace de portada" },
  /** Share of agency copy (DER-3). */
  agencyShare: { min: 20, one: "noticia analizada", many: "noticias analizadas", figure: "Proporción de teletipos de agencia" },
  /** Daily share of an outlet's front-page time taken by agency copy (DER-10): the day's article-minutes on the front page. */
  agencyFrontMinutes: { min: 30, one: "minuto de portada", many: "minutos de portada", figure: "Parte de agencia en la portada, por día" },
  /** Shares of headline features (DER-1): questions, quotes, numbers, clickbait, over the Spanish headlines of a period. */
  headlineFeatures: { min: 30, one: "titular analizado", many: "titulares analizados", figure: "Proporciones de rasgos de los titulares" },
  /** Articles per day: the hours we have been reading the outlet within the period. */
  articlesPerDay: { min: 24, one: "hora de lectura", many: "horas de lectura", figure: "Noticias al día" },
} as const satisfies Record<string, DataThreshold>;

/** A kind of figure with a threshold. */
export type DataKind = keyof typeof ENOUGH_DATA;

/** True when `n` items are enough for a figure of `kind`. */
export function enoughData(kind: DataKind, n: number): boolean {
  return n >= ENOUGH_DATA[kind].min;
}

/** What a page prints instead of the figure: "aún pocos datos (4 noticias con hora declarada; hacen falta 10)". */
export function tooLittleData(kind: DataKind, n: number): string {
  const t = ENOUGH_DATA[kind];
  return `aún pocos datos (${formatCount(n, t.one, t.many)}; hacen falta ${t.min})`;
}

/** The figure when there is enough data, else the "aún pocos datos" phrase. */
export function figureOrTooLittle(kind: DataKind, n: number, figure: () => string): string {
  return enoughData(kind, n) ? figure() : tooLittleData(kind, n);
}

/**
 * The start-up rule (DER-8): when we start reading an outlet, its feeds and sitemaps hand us
 * a backlog of articles published hours or days before; their "delay" measures our start,
 * not the outlet. Delay figures count only articles whose declared publication time is at
 * or after our first sighting of any article of that outlet. db/figures/reading-start.ts
 * applies it in SQL; /metodologia states it with this sentence.
 */
export const START_UP_RULE =
  "Solo cuentan las noticias publicadas (según la hora que declara la cabecera) después de que empezáramos a leerla: " +
  "las que encontramos al empezar, publicadas antes, medirían nuestro arranque y no el de la cabecera.";
