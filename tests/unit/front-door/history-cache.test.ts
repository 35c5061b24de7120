import { describe, expect, it } from "vitest";
import { cacheKey } from "../../../lib/front-door/page-cache/cacheable";

const get = (url: string) => ({ method: "GET", url, headers: {} });

describe("page cache of the history pages and feeds (WEB-4, WEB-5, WEB-6)", () => {
  it("WEB-5: keeps a front page at a minute keyed on its minute alone, below any outlet", () => {
    expect(cacheKey(get("/cabeceras/el-diario/portada?utm=1&en=2026-11-20T09:30"))).toBe(
      "identity /cabeceras/el-diario/portada?en=2026-11-20T09:30",
    );
    expect(cacheKey(get("/portadas?x=1&cabeceras=a,b&en=2026-11-20T09:30"))).toBe("identity /portadas?en=2026-11-20T09:30&cabeceras=a,b");
    expect(cacheKey(get("/portadas/dia?fecha=2026-11-20&y=2"))).toBe("identity /portadas/dia?fecha=2026-11-20");
  });

  it("WEB-6: keeps the feeds, a search feed keyed on its words and outlet", () => {
    expect(cacheKey(get("/buscar.atom?q=vivienda&z=1"))).toBe("identity /buscar.atom?q=vivienda");
    expect(cacheKey(get("/cabeceras/el-diario/cambios.atom?z=1"))).toBe("identity /cabeceras/el-diario/cambios.atom");
    expect(cacheKey(get("/historias/12.atom"))).toBe("identity /historias/12.atom");
  });

  it("WEB-4: a bracketed segment stands for one segment, no more", () => {
    expect(cacheKey(get("/cabeceras/a/b/portada"))).toBeUndefined();
    expect(cacheKey(get("/cabeceras/el-diario/otra"))).toBeUndefined();
    expect(cacheKey(get("/portadas/otra"))).toBeUndefined();
  });
});
