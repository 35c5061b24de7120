/** One sentence, in Spanish, on how many outlets' front pages are read in each mode (EXT-3), for `/bot` and `/estado`. */
import type { RenderModeCounts } from "@/db/queries/site/render-modes";
import { formatNumber } from "@/lib/pages/format";

const outlets = (n: number) => `${formatNumber(n)} ${n === 1 ? "cabecera" : "cabeceras"}`;

export function RenderModes({ counts }: { counts: RenderModeCounts }) {
  return (
    <span data-testid="render-modes">
      De las {outlets(counts.static + counts.browser)} activas, leemos la portada de{" "}
      <span data-testid="render-static">{outlets(counts.static)}</span> en su HTML estático y la de{" "}
      <span data-testid="render-browser">{outlets(counts.browser)}</span> con el navegador automatizado.
    </span>
  );
}
