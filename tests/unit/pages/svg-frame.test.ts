import { XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { bands, fitText, svgOpen, svgText, xAxis } from "../../../lib/pages/svg-frame";

describe("the markup every chart shares", () => {
  it("WEB-2: rows of bands are whole pixels, spread as a rounded band scale spreads them", () => {
    // Three bars between 20 and 100 px with a tenth of a step around each: step 25, bands of 23.
    expect(bands(3, [20, 100], { paddingInner: 0.1, paddingOuter: 0.1, align: 0.5 })).toEqual({ at: [24, 49, 74], bandwidth: 23 });
    // A phone's rows: half a step of air above each bar, the rest pushed to the top.
    expect(bands(3, [8, 144], { paddingInner: 0.5, paddingOuter: 0.25, align: 1 })).toEqual({ at: [32, 77, 122], bandwidth: 23 });
  });

  it("WEB-7: a label that fits is kept whole; a longer one is cut at a character with an ellipsis", () => {
    expect(fitText("Política", 23)).toEqual({ text: "Política", cut: false });
    const long = "Una sección con un nombre larguísimo que no cabe en una pantalla de teléfono";
    const fitted = fitText(long, 23);
    expect(fitted.cut).toBe(true);
    expect(fitted.text.endsWith("…")).toBe(true);
    expect(long.startsWith(fitted.text.slice(0, -1))).toBe(true);
    expect(fitted.text.length).toBeLessThan(long.length);
    // Wider letters leave room for fewer of them.
    expect(fitText("M".repeat(60), 23).text.length).toBeLessThan(fitText("n".repeat(60), 23).text.length);
  });

  it("WEB-2: titles and labels are text, never markup, and the frame is well-formed XML", () => {
    const markup = `${svgOpen('<script>alert("x")</script> & co', 640, 100)}${svgText(10, 20, "a < b & c")}${xAxis([{ x: 5, label: "14:00\n2 dic" }], 90)}</svg>`;
    expect(markup).not.toContain("<script>");
    expect(markup).toContain("a &lt; b &amp; c");
    expect(markup).toContain('<tspan dy="1em" x="0">2 dic</tspan>');
    expect(XMLValidator.validate(markup)).toBe(true);
  });
});
