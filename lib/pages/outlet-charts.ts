/**
 * The charts of an outlet's page and their permalinks (SPEC WEB-6): `/cabeceras/<slug>/grafico.svg?tipo=…`
 * with the page's period (`desde`/`hasta`). Titles are built here once, for the page and the SVG. Pure.
 */
import type { Parsed } from "./history-params";
import { parseOutletPeriod, type OutletPeriod } from "./outlet-period";
import type { SearchParams } from "./search-params";

/** The outlet page's charts, by the `tipo` of their permalink. */
export const OUTLET_CHART_KINDS = ["posiciones", "retraso", "secciones", "encuadre"] as const;
export type OutletChartKind = (typeof OUTLET_CHART_KINDS)[number];

/** A chart permalink's query. */
export interface OutletChartQuery {
  kind: OutletChartKind;
  period?: OutletPeriod;
}

/** `?tipo=…&desde=…&hasta=…`, or the reason it is wrong. */
export function parseOutletChartQuery(params: SearchParams): Parsed<OutletChartQuery> {
  const tipo = params.tipo;
  if (typeof tipo !== "string" || !(OUTLET_CHART_KINDS as readonly string[]).includes(tipo)) {
    return { ok: false, reason: `El parámetro «tipo» debe ser uno de: ${OUTLET_CHART_KINDS.join(", ")}.` };
  }
  const period = parseOutletPeriod(params);
  return period.ok ? { ok: true, value: { kind: tipo as OutletChartKind, period: period.value } } : period;
}

/** The permalink of chart `kind` of outlet `slug` over `period` (the page's default windows when undefined). */
export function outletChartHref(slug: string, kind: OutletChartKind, period?: { from: string; to: string }): string {
  const query = new URLSearchParams({ tipo: kind, ...(period ? { desde: period.from, hasta: period.to } : {}) });
  return `/cabeceras/${encodeURIComponent(slug)}/grafico.svg?${query.toString()}`;
}

/** A chart's title without its period (the page and the SVG add it). */
export function outletChartTitle(kind: OutletChartKind, outletName: string, series = 0): string {
  switch (kind) {
    case "posiciones":
      return `Posición en la portada de ${outletName} de sus ${series} noticias mejor colocadas`;
    case "retraso":
      return `Retraso entre la hora declarada y la primera vez que vimos cada noticia de ${outletName}`;
    case "secciones":
      return `Noticias de ${outletName} por sección declarada`;
    case "encuadre":
      return `Titulares de ${outletName} por letra de encuadre`;
  }
}
