/**
 * The outlet page's agency section never prints a count of nothing (SPEC WEB-7, WEB-8): when no
 * body of the period was read, or none is signed by an agency, it says so in words.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { markupText } from "../../support/markup-text";
import { AgencySection } from "../../../app/(public)/cabeceras/[slug]/_sections/agency";
import type { AgencyShare } from "../../../db/queries/outlet-page/agency-share";

const T = Date.parse("2026-03-10T00:00:00Z");
const render = (agency: Partial<AgencyShare>) =>
  markupText(
    renderToStaticMarkup(
      createElement(AgencySection, {
        agency: {
          start: T - 7 * 86_400_000,
          end: T,
          articles: 375,
          judged: 40,
          read: 0,
          analysed: true,
          agencyArticles: 40,
          agencies: [],
          ...agency,
        },
        timeZone: "Europe/Madrid",
      }),
    ),
  );

describe("the agency section's biased sample", () => {
  it("WEB-7, WEB-8: no body read is said in words, never as «0 noticias»", () => {
    const said = render({ read: 0 });
    expect(said).toContain("No medible");
    expect(said).toContain("No leímos el texto de ninguna de las 375 noticias vistas");
    expect(said).not.toMatch(/\b0 noticias/);
  });

  it("WEB-7: some bodies read and none signed by an agency: the count and «ninguna»", () => {
    const said = render({ read: 3, judged: 40, agencyArticles: 0 });
    expect(said).toContain("leímos el texto de 3 noticias de 375; ninguna lleva firma de agencia.");
    expect(said).not.toMatch(/\b0 llevan/);
  });
});
