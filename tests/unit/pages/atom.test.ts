import { XMLParser } from "fast-xml-parser";
import { describe, expect, test } from "vitest";
import { atomXml, tagUri, xmlEscape } from "../../../lib/pages/atom";

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", isArray: (name) => name === "entry" || name === "link" });
const SITE = "https://obs.example";

describe("Atom feeds (WEB-6)", () => {
  test("WEB-6: a feed is well-formed Atom 1.0 with the required elements, stable tag ids and absolute links", () => {
    const xml = atomXml(
      SITE,
      {
        key: "cabeceras/el-diario/cambios",
        title: "El Diario: titulares cambiados",
        path: "/cabeceras/el-diario/cambios.atom",
        pagePath: "/cabeceras/el-diario",
        entries: [
          {
            key: "version/12",
            title: "Nuevo «titular» & <más>",
            updated: Date.parse("2026-11-20T10:00:00Z"),
            href: "/noticias/5",
            summary: "Antes: «viejo»",
          },
          { key: "version/11", title: "Otro", updated: Date.parse("2026-11-20T09:00:00Z"), href: "/noticias/4" },
        ],
      },
      Date.parse("2026-11-21T00:00:00Z"),
    );
    expect(xml.startsWith('<?xml version="1.0" encoding="utf-8"?>')).toBe(true);
    const { feed } = parser.parse(xml);
    expect(feed["@xmlns"]).toBe("http://www.w3.org/2005/Atom");
    expect(feed.id).toBe("tag:obs.example,2026:cabeceras/el-diario/cambios");
    expect(feed.updated).toBe("2026-11-20T10:00:00.000Z");
    expect(feed.author.name).toBe("Hemeroscopio");
    expect(feed.link.map((l: Record<string, string>) => [l["@rel"], l["@href"]])).toEqual([
      ["self", "https://obs.example/cabeceras/el-diario/cambios.atom"],
      ["alternate", "https://obs.example/cabeceras/el-diario"],
    ]);
    expect(feed.entry).toHaveLength(2);
    expect(feed.entry[0].title["#text"]).toBe("Nuevo «titular» & <más>");
    expect(feed.entry[0].id).toBe("tag:obs.example,2026:version/12");
    expect(feed.entry[0].link[0]["@href"]).toBe("https://obs.example/noticias/5");
    for (const e of feed.entry) for (const field of ["id", "title", "updated", "link"]) expect(e[field], field).toBeDefined();
  });

  test("WEB-6: an empty feed is still valid, updated at the time it was asked for", () => {
    const { feed } = parser.parse(
      atomXml(
        SITE,
        { key: "buscar/x", title: "t", path: "/buscar.atom?q=x", pagePath: "/buscar?q=x", entries: [] },
        Date.parse("2026-11-21T00:00:00Z"),
      ),
    );
    expect(feed.updated).toBe("2026-11-21T00:00:00.000Z");
    expect(feed.entry).toBeUndefined();
  });

  test("WEB-6, ADM-3: public feeds carry the open data's rights; the operator's feed says it is internal", () => {
    const at = Date.parse("2026-11-21T00:00:00Z");
    expect(parser.parse(atomXml(SITE, { key: "a", title: "t", path: "/a.atom", pagePath: "/a", entries: [] }, at)).feed.rights).toContain(
      "CC BY 4.0",
    );
    const operator = parser.parse(
      atomXml(
        SITE,
        {
          key: "admin/atencion",
          title: "t",
          path: "/admin/atencion/atom",
          pagePath: "/admin/atencion",
          rights: "Uso interno <del> operador",
          entries: [],
        },
        at,
      ),
    ).feed;
    expect(operator.rights).toBe("Uso interno <del> operador");
  });

  test("WEB-6: ids do not depend on the site's scheme or port; text XML forbids is dropped", () => {
    expect(tagUri("http://obs.example:8080", "a")).toBe(tagUri(SITE, "a"));
    expect(xmlEscape("a\u0001b\"c'")).toBe("ab&quot;c&apos;");
  });
});
