/** A cited capture's rows written as HTML (SPEC WEB-5, SEC-3): every value escaped, each headline linking to its article. */
import { parseHTML } from "linkedom";
import { describe, expect, it } from "vitest";
import { capturedRowsHtml } from "../../../lib/pages/captured-rows-html";

const read = (html: string) => parseHTML(`<table><tbody>${html}</tbody></table>`).document.querySelectorAll("tbody tr");

describe("a cited capture's rows as HTML", () => {
  it("WEB-5: one row per position: rank, headline linking to the article's page, address", () => {
    const rows = read(
      capturedRowsHtml([
        { rank: 1, articleId: 7, url: "https://medio.es/a", headline: "Primera noticia" },
        { rank: 2, articleId: 9, url: "https://medio.es/b?x=1&y=2", headline: "Segunda, «con comillas»" },
      ]),
    );
    expect(rows.length).toBe(2);
    const cells = [...rows].map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent));
    expect(cells).toEqual([
      ["1", "Primera noticia", "https://medio.es/a"],
      ["2", "Segunda, «con comillas»", "https://medio.es/b?x=1&y=2"],
    ]);
    expect([...rows].map((tr) => tr.querySelector("a")?.getAttribute("href"))).toEqual(["/noticias/7", "/noticias/9"]);
  });

  it("SEC-3: markup in a headline or an address is text, never an element or an attribute", () => {
    const headline = `<script>alert(1)</script><img src=x onerror="alert(2)"> & 'fin'`;
    const url = `https://medio.es/"><script>alert(3)</script>`;
    const html = capturedRowsHtml([{ rank: 1, articleId: 3, url, headline }]);
    expect(html).not.toMatch(/<script|<img/i);
    const [row] = read(html);
    expect(row!.querySelectorAll("script, img").length).toBe(0);
    expect(row!.querySelector("a")!.textContent).toBe(headline);
    expect(row!.querySelectorAll("td")[2]!.textContent).toBe(url);
  });

  it("WEB-5: an empty list writes no row", () => {
    expect(capturedRowsHtml([])).toBe("");
  });
});
