/** Page-cache keys built from the parsed values of the kept parameters, so one page has one key however it is spelt. */
import { describe, expect, it } from "vitest";
import { cacheKey, streamedKey } from "../../../lib/front-door/page-cache/cacheable";

const get = (url: string) => ({ method: "GET", url, headers: {} });

describe("normalised page-cache keys (WEB-4, SEC-6)", () => {
  it("WEB-4: percent-escapes, a trailing space or `+` and parameter order do not make another key of one period", () => {
    const key = "identity /cabeceras/el-pais?desde=2026-11-01&hasta=2026-11-30";
    for (const url of [
      "/cabeceras/el-pais?desde=2026-11-01&hasta=2026-11-30",
      "/cabeceras/el-pais?desde=2026%2D11%2D01&hasta=2026-11-30",
      "/cabeceras/el-pais?desde=2026-11-01%20&hasta=2026-11-30",
      "/cabeceras/el-pais?desde=2026-11-01+&hasta=2026-11-30",
      "/cabeceras/el-pais?hasta=2026-11-30&desde=+2026-11-01",
      "/cabeceras/el-pais?hasta=%202026-11-30%20&x=1&desde=2026-11-01",
      "/cabeceras/el-pais?%64esde=2026-11-01&hasta=2026-11-30",
    ])
      expect(cacheKey(get(url)), url).toBe(key);
  });

  it("WEB-4: a chart's SVG and a search share keys the same way; an empty single parameter is the page without it", () => {
    expect(cacheKey(get("/cabeceras/el-pais/grafico.svg?hasta=2026-03-09&desde=2026%2D03%2D03&tipo=retraso"))).toBe(
      "identity /cabeceras/el-pais/grafico.svg?tipo=retraso&desde=2026-03-03&hasta=2026-03-09",
    );
    expect(cacheKey(get("/buscar?pagina=2&q=+vivienda+p%C3%BAblica+"))).toBe("identity /buscar?q=vivienda%20p%C3%BAblica&pagina=2");
    expect(cacheKey(get("/buscar?q=vivienda&cabecera=+"))).toBe("identity /buscar?q=vivienda");
    expect(cacheKey(get("/portadas/dia?fecha=%202026-11-20"))).toBe("identity /portadas/dia?fecha=2026-11-20");
  });

  it("WEB-4: an outlet group is keyed in one spelling on pages and the API, so `Pública` and `publica` are one render", () => {
    for (const url of [
      "/cabeceras?grupo=publica",
      "/cabeceras?grupo=P%C3%BAblica",
      "/cabeceras?grupo=+PUBLICA+",
      "/cabeceras?x=1&grupo=publica",
    ])
      expect(cacheKey(get(url)), url).toBe("identity /cabeceras?grupo=publica");
    expect(cacheKey(get("/?grupo=Regional"))).toBe("identity /?grupo=regional");
    expect(cacheKey(get("/buscar?grupo=Nacional&q=vivienda"))).toBe("identity /buscar?q=vivienda&grupo=nacional");
    expect(cacheKey(get("/portadas/dia?grupo=agencia&fecha=2026-11-20"))).toBe("identity /portadas/dia?fecha=2026-11-20&grupo=agencia");
    expect(cacheKey(get("/api/v1/articles?group=Agencia&outlet=efe"))).toBe("identity /api/v1/articles?group=agencia&outlet=efe");
    expect(cacheKey(get("/cabeceras?grupo=%3Cx%3E"))).toBe("identity /cabeceras?grupo=%3Cx%3E");
  });

  it("SEC-6: a repeated or invalid period is kept as sent, for the page to refuse (a 400, never kept)", () => {
    expect(cacheKey(get("/cabeceras/el-pais?desde=2026-11-01&desde=2026-11-02&hasta=2026-11-30"))).toBe(
      "identity /cabeceras/el-pais?desde=2026-11-01&desde=2026-11-02&hasta=2026-11-30",
    );
    expect(cacheKey(get("/cabeceras/el-pais?desde=2026-13-01&hasta=2026-11-30"))).toBe(
      "identity /cabeceras/el-pais?desde=2026-13-01&hasta=2026-11-30",
    );
  });

  it("SEC-6: a kept value with malformed escapes is passed on as sent (the page refuses it), an ignored one is dropped", () => {
    expect(cacheKey(get("/buscar?q=%"))).toBeUndefined();
    expect(cacheKey(get("/buscar?q=vivienda&x=%ZZ"))).toBe("identity /buscar?q=vivienda");
  });

  it("SEC-6: ignored parameters are dropped before the length check, so padding does not escape the cache", () => {
    const padded = `/cabeceras/el-pais?desde=2026-11-01&hasta=2026-11-30&relleno=${"x".repeat(4000)}`;
    expect(cacheKey(get(padded))).toBe("identity /cabeceras/el-pais?desde=2026-11-01&hasta=2026-11-30");
    expect(cacheKey(get(`/?${"a".repeat(5000)}=1`))).toBe("identity /");
    // What the page does read still counts against the limit.
    expect(cacheKey(get(`/buscar?q=${"a".repeat(3000)}`))).toBeUndefined();
  });

  it("WEB-4: the API's and the exports' whole query is kept, in one spelling and in name order", () => {
    expect(cacheKey(get("/api/v1/articles?outlet=x&from=2026%2D01%2D01"))).toBe("identity /api/v1/articles?from=2026-01-01&outlet=x");
    expect(streamedKey(get("/api/v1/exports/articles.csv?to=2026-01-31&from=2026%2D01%2D01"))).toBe(
      "identity /api/v1/exports/articles.csv?from=2026-01-01&to=2026-01-31",
    );
  });
});
