/** The public pages without Next.js's scripts (SPEC WEB-2, SEC-3): what goes, and that nothing else moves. */
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { isScriptFreePath, readersAnswer, withoutScripts } from "../../../lib/front-door/script-free";

const page = [
  '<!DOCTYPE html><html lang="es"><head>',
  '<link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>',
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/b.js"/>',
  "<link rel=modulepreload href=/_next/static/chunks/c.js>",
  '<link rel="preload" as="font" href="/f.woff2" crossorigin=""/>',
  '<link rel="alternate" type="application/atom+xml" href="/cambios.atom" title="Cambios"/>',
  '<script src="/_next/static/chunks/d.js" async=""></script>',
  "</head><body><h1>Titular con &lt;script&gt; escrito</h1>",
  "<svg><title>Gráfico</title></svg>",
  '<script>self.__next_f.push([1,"<\\/script> \\u003cscript\\u003e"])</script >',
  "<SCRIPT type=module>x()</SCRIPT>",
  "<p>fin</p></body></html>",
].join("\n");

describe("public pages without scripts (WEB-2, SEC-3)", () => {
  it("removes every script element and script preload, and keeps everything else byte for byte", () => {
    expect(withoutScripts(page)).toBe(
      [
        '<!DOCTYPE html><html lang="es"><head>',
        '<link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>',
        "",
        "",
        '<link rel="preload" as="font" href="/f.woff2" crossorigin=""/>',
        '<link rel="alternate" type="application/atom+xml" href="/cambios.atom" title="Cambios"/>',
        "",
        "</head><body><h1>Titular con &lt;script&gt; escrito</h1>",
        "<svg><title>Gráfico</title></svg>",
        "",
        "",
        "<p>fin</p></body></html>",
      ].join("\n"),
    );
  });

  it("applies to every path but the operator's admin", () => {
    for (const path of ["/", "/cabeceras/el-diario?desde=2026-01-01", "/administracion", "/datos"])
      expect(isScriptFreePath(path), path).toBe(true);
    for (const path of ["/admin", "/admin/panel", "/admin?x=1"]) expect(isScriptFreePath(path), path).toBe(false);
  });

  it("reads a gzipped page and returns it as identity; leaves other answers as they are", () => {
    const html = "<html><body><p>a</p><script>boot()</script></body></html>";
    const zipped = readersAnswer(
      "/",
      { "content-type": "text/html; charset=utf-8", "content-encoding": "gzip", "content-length": "9" },
      gzipSync(html),
    );
    expect(zipped.headers).toEqual({ "content-type": "text/html; charset=utf-8" });
    expect(zipped.body.toString("utf8")).toBe("<html><body><p>a</p></body></html>");
    const admin = readersAnswer("/admin/panel", { "content-type": "text/html" }, Buffer.from(html));
    expect(admin.body.toString("utf8")).toBe(html);
    const json = readersAnswer("/api/v1/articles", { "content-type": "application/json" }, Buffer.from('"<script>x</script>"'));
    expect(json.body.toString("utf8")).toBe('"<script>x</script>"');
    const unreadable = readersAnswer("/", { "content-type": "text/html", "content-encoding": "br" }, Buffer.from(html));
    expect(unreadable.headers["content-encoding"]).toBe("br");
  });

  it("gives a public page a CSP that allows no inline script, and the admin's the hash of each of its scripts", () => {
    const html = Buffer.from("<html><body><script>boot()</script></body></html>");
    const headers = { "content-type": "text/html", "content-security-policy": "default-src 'self'; script-src 'self' 'unsafe-inline'" };
    expect(readersAnswer("/", headers, html).headers["content-security-policy"]).toBe("default-src 'self'; script-src 'self'");
    expect(readersAnswer("/admin/panel", headers, html).headers["content-security-policy"]).toMatch(
      /^default-src 'self'; script-src 'self' 'sha256-[^']+'$/,
    );
  });
});
