/**
 * The outlet page's framing section says the window its letters were counted over (SPEC WEB-1,
 * DER-4): by default the worker's, a few minutes behind the sections' counted per request, so a
 * caption copied into a sentence names the very minutes behind its figures.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { markupText } from "../../support/markup-text";
import { MixSections } from "../../../app/(public)/cabeceras/[slug]/_sections/mix";

const DAY = 86_400_000;
const SECTIONS_END = Date.parse("2026-12-07T08:51:00Z");
const STORED_END = Date.parse("2026-12-07T08:48:00Z");

const rendered = markupText(
  renderToStaticMarkup(
    createElement(MixSections, {
      sections: { start: SECTIONS_END - 7 * DAY, end: SECTIONS_END, articles: 3, sections: [{ label: "España", count: 3 }], unread: 0 },
      framing: {
        shown: true,
        start: STORED_END - 7 * DAY,
        end: STORED_END,
        headlines: 4,
        letters: [{ label: "C · Conflicto", count: 4 }],
        modelSha256: ["ab".repeat(32)],
      },
      outletName: "Heraldo del Norte",
      timeZone: "Europe/Madrid",
      slug: "heraldo-del-norte",
    }),
  ),
);

describe("the framing section's window", () => {
  it("WEB-1, DER-4: the framing caption names its own window, the sections' theirs", () => {
    expect(rendered).toContain(
      "Letra de encuadre que asigna nuestro modelo local a cada titular de las noticias vistas del 30 nov, 09:48 al 7 dic 2026, 09:48.",
    );
    expect(rendered).toContain("por primera vez del 30 nov, 09:51 al 7 dic 2026, 09:51.");
  });
});
