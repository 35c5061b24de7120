/**
 * A cited capture as one SVG page (SPEC WEB-5): the ranked list with each headline as it was
 * then, its digest and the citation line, inside the standalone frame every chart permalink
 * uses (title, licence line, address). Evidence to attach to a story or a complaint. Pure.
 */
import { xmlEscape } from "./atom";
import { CHART_FONT_PX } from "./chart-svg";
import { standaloneSvg, wrapText } from "./standalone-svg";
import type { CitedLink } from "./capture-citation";

const WIDTH = 820;
const LINE = 18;
const PAD = 12;
const RANK_COLUMN = 40;

/** What the page shows. */
export interface CaptureSheet {
  title: string;
  /** "Captura n.º 1234 · 5 dic 2026, 10:15 (hora peninsular)". */
  subtitle: string;
  links: readonly CitedLink[];
  digest: string;
  citation: string;
  pageUrl: string;
}

/** The list as a drawing of its own height: rank, then the headline wrapped beside it. */
function listDrawing(sheet: CaptureSheet): string {
  const chars = Math.floor((WIDTH - RANK_COLUMN - 2 * PAD) / (CHART_FONT_PX * 0.55));
  const out: string[] = [];
  let y = LINE;
  for (const link of sheet.links) {
    out.push(`<text x="${PAD + RANK_COLUMN - 8}" y="${y}" text-anchor="end" font-weight="700">${link.rank}</text>`);
    for (const [i, line] of wrapText(link.headline, chars).entries()) {
      if (i > 0) y += LINE;
      out.push(`<text x="${PAD + RANK_COLUMN}" y="${y}">${xmlEscape(line)}</text>`);
    }
    y += LINE + 4;
  }
  if (sheet.links.length === 0) {
    out.push(`<text x="${PAD}" y="${y}">Esta captura no encontró enlaces a noticias.</text>`);
    y += LINE;
  }
  y += LINE / 2;
  for (const text of [`Huella del listado: ${sheet.digest}`, `Cómo citarla: ${sheet.citation}`]) {
    for (const line of wrapText(text, Math.floor((WIDTH - 2 * PAD) / (CHART_FONT_PX * 0.55)))) {
      out.push(`<text x="${PAD}" y="${y}" fill="#555555">${xmlEscape(line)}</text>`);
      y += LINE;
    }
  }
  const height = Math.ceil(y);
  return `<svg width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}">${out.join("")}</svg>`;
}

/** The one-page SVG document. */
export function captureSvg(sheet: CaptureSheet): string {
  return standaloneSvg({ title: sheet.title, period: sheet.subtitle, drawing: listDrawing(sheet), width: WIDTH, pageUrl: sheet.pageUrl });
}
