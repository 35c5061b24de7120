/**
 * Shares of clickbait formulas are named for what they count and printed with how well the
 * formulas recognise clickbait (SPEC DER-1, DER-12): the outlet page, /cabeceras' table and
 * /metodologia say «fórmulas reconocidas» and give the precision and recall measured on TA1C.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { markupText } from "../../support/markup-text";
import { HeadlineFeaturesSection } from "../../../app/(public)/cabeceras/[slug]/_sections/headline-features";
import { HeadlineFeaturesTable } from "../../../app/(public)/cabeceras/_sections/headline-features-table";
import { Features } from "../../../app/(public)/metodologia/_sections/features";
import { Labelled } from "../../../app/(public)/metodologia/_sections/labelled";
import { Thresholds } from "../../../app/(public)/metodologia/_sections/thresholds";
import type { OutletComparison } from "../../../db/queries/site/outlet-comparison";
import { CLICKBAIT_MEASURED } from "../../../lib/analysis/clickbait-measured";
import { FEATURE_COLUMNS } from "../../../lib/pages/headline-feature-shares";

const whole = (x: number) => `${Math.round(x * 100)} %`;
const tenth = (x: number) => `${(Math.round(x * 1000) / 10).toString().replace(".", ",")} %`;
const counts = {
  outletId: 1,
  headlines: 80,
  otherLanguage: 0,
  questions: 8,
  quotes: 4,
  numbers: 20,
  clickbait: 6,
  formulas: [{ id: "pregunta", count: 6 }],
};
const T = Date.parse("2026-03-10T00:00:00Z");

describe("«fórmulas reconocidas» beside their measured recall (DER-1, DER-12)", () => {
  it("DER-1: the share is named «Fórmulas reconocidas», not clickbait", () => {
    expect(FEATURE_COLUMNS.find((c) => c.key === "clickbait")!.label).toBe("Fórmulas reconocidas");
  });

  it("DER-12: the outlet page prints the share with the recall and precision measured on TA1C", () => {
    const page = markupText(
      renderToStaticMarkup(
        createElement(HeadlineFeaturesSection, { data: { ...counts, start: T - 7 * 86_400_000, end: T }, timeZone: "Europe/Madrid" }),
      ),
    );
    expect(page).toContain("Fórmulas reconocidas");
    expect(page).toContain(`reconocen el ${whole(CLICKBAIT_MEASURED.heldOut.recall)} del ciberanzuelo`);
    expect(page).toContain(`aciertan en el ${whole(CLICKBAIT_MEASURED.heldOut.precision)}`);
  });

  it("DER-12: /cabeceras' comparison prints them beside its column", () => {
    const data = { start: T - 7 * 86_400_000, end: T, rows: [] } as unknown as OutletComparison;
    const page = markupText(renderToStaticMarkup(createElement(HeadlineFeaturesTable, { data, query: {} })));
    expect(page).toContain("Fórmulas reconocidas");
    expect(page).toContain(`reconocen el ${whole(CLICKBAIT_MEASURED.heldOut.recall)} del ciberanzuelo`);
  });

  it("DER-12: /metodologia gives precision and recall wherever it describes the formulas", () => {
    for (const section of [Features, Labelled]) {
      const page = markupText(renderToStaticMarkup(createElement(section)));
      expect(page, section.name).toContain(`recisión ${tenth(CLICKBAIT_MEASURED.heldOut.precision)}`);
      expect(page, section.name).toContain(`xhaustividad ${tenth(CLICKBAIT_MEASURED.heldOut.recall)}`);
    }
    const thresholds = markupText(renderToStaticMarkup(createElement(Thresholds)));
    expect(thresholds).toContain(`reconocen el ${whole(CLICKBAIT_MEASURED.heldOut.recall)}`);
    expect(thresholds).toContain(`${whole(CLICKBAIT_MEASURED.heldOut.precision)} de lo que marcan (precisión)`);
  });
});
