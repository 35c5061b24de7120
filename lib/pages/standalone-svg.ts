/**
 * A chart as a standalone SVG document, to embed elsewhere (SPEC WEB-6): the page's drawing
 * with its title, its period, a legend when the chart has series, and the line
 * "Fuente: Hemeroscopio, CC BY 4.0" with the page's address, on a white ground. Pure.
 */
import { xmlEscape } from "./atom";
import { CHART_FONT_PX } from "./chart-svg";

/** The licence line every standalone chart carries. */
export const SOURCE_LINE = "Fuente: Hemeroscopio, CC BY 4.0";

/** What a standalone chart needs. */
export interface StandaloneChart {
  title: string;
  /** The period, as the page's caption says it: "del 3 al 9 de marzo de 2026". */
  period: string;
  /** The drawing (lib/pages/*-chart-svg.ts), at `width`. */
  drawing: string;
  width: number;
  /** Series named beside the drawing on the page: label and colour. */
  legend?: readonly { label: string; colour: string }[];
  /** The page the chart belongs to, absolute. */
  pageUrl: string;
}

const LINE = 18;
const PAD = 12;

/** Characters a line of chart text holds at `width` (an estimate: half an em per character). */
function lineChars(width: number): number {
  return Math.max(20, Math.floor((width - 2 * PAD) / (CHART_FONT_PX * 0.55)));
}

/** `text` broken into lines of at most `max` characters, at spaces. */
export function wrapText(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** The drawing's height, read from its own attributes (Plot writes `height` and `viewBox`). */
function drawingHeight(drawing: string): number {
  const m = /<svg[^>]*\sheight="([\d.]+)"/.exec(drawing) ?? /viewBox="[\d.\s-]+\s([\d.]+)"/.exec(drawing);
  return m ? Number(m[1]) : 300;
}

/** The standalone document. */
export function standaloneSvg(chart: StandaloneChart): string {
  const max = lineChars(chart.width);
  const titleLines = wrapText(chart.title, Math.floor(max * 0.9));
  const text = (y: number, s: string, extra = "") => `<text x="${PAD}" y="${y}"${extra}>${xmlEscape(s)}</text>`;
  const out: string[] = [];
  let y = PAD + LINE;
  for (const l of titleLines) {
    out.push(text(y, l, ` font-weight="700" font-size="${CHART_FONT_PX + 2}"`));
    y += LINE + 2;
  }
  out.push(text(y, chart.period, ` fill="#555555"`));
  y += PAD;
  const h = drawingHeight(chart.drawing);
  // Plot's own <svg> nests as is; x/y place it below the heading.
  out.push(chart.drawing.replace(/^<svg\b/, `<svg x="0" y="${y}"`));
  y += h + PAD;
  for (const [i, item] of (chart.legend ?? []).entries()) {
    y += i === 0 ? 0 : 4;
    out.push(`<rect x="${PAD}" y="${y - 11}" width="12" height="12" fill="${xmlEscape(item.colour)}"/>`);
    for (const [j, l] of wrapText(item.label, max - 3).entries()) {
      if (j > 0) y += LINE;
      out.push(`<text x="${PAD + 18}" y="${y}">${xmlEscape(l)}</text>`);
    }
    y += LINE;
  }
  y += LINE / 2;
  out.push(text(y, SOURCE_LINE, ` fill="#555555"`));
  y += LINE;
  for (const l of wrapText(chart.pageUrl, max)) {
    out.push(text(y, l, ` fill="#555555" font-size="11"`));
    y += LINE;
  }
  const height = Math.ceil(y);
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${chart.width}" height="${height}" viewBox="0 0 ${chart.width} ${height}"`,
    ` font-family="system-ui, sans-serif" font-size="${CHART_FONT_PX}" color="#1b1e22" fill="#1b1e22" role="img" aria-label="${xmlEscape(`${chart.title}, ${chart.period}`)}">`,
    `<title>${xmlEscape(`${chart.title}, ${chart.period}. ${SOURCE_LINE}`)}</title>`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    ...out,
    `</svg>`,
  ].join("\n");
}

/** The answer of a chart permalink: SVG, cached like the pages' data. */
export function svgResponse(svg: string): Response {
  return new Response(svg, { headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": "public, max-age=300" } });
}
