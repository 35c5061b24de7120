import { describe, expect, it } from "vitest";
import { extractArticle } from "../../../crawler/parse/article/article";
import { parseFeed } from "../../../crawler/parse/feed/feed";

const rss = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>Diario</title>
<item><title>Rocafort aprueba el plan</title><link>https://diario.test/a.html</link>
<description>&lt;p&gt;La ministra &lt;b&gt;Elena Rocafort&lt;/b&gt; lo anunció en Peñablanca.&lt;/p&gt;</description>
<content:encoded><![CDATA[<p>CUERPO COMPLETO que nunca se lee.</p>]]></content:encoded></item>
</channel></rss>`;

const atom = `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Diario</title>
<entry><title>Otra noticia</title><link href="https://diario.test/b.html"/><id>https://diario.test/b.html</id>
<summary type="text">Resumen con Nombre Propio.</summary><content type="html">CUERPO ATOM</content></entry></feed>`;

describe("ledes for the story fingerprint", () => {
  it("STO-3: by default a feed item carries no description at all", () => {
    expect(parseFeed(rss, "https://diario.test/rss.xml")[0]).not.toHaveProperty("lede");
  });

  it("DER-2, STO-3: asked for, the RSS description and the Atom summary become the item's lede, tags stripped; bodies stay unread", () => {
    const [item] = parseFeed(rss, "https://diario.test/rss.xml", undefined, { ledes: true });
    expect(item!.lede).toBe("La ministra Elena Rocafort lo anunció en Peñablanca.");
    expect(JSON.stringify(item)).not.toContain("CUERPO");
    const [entry] = parseFeed(atom, "https://diario.test/atom.xml", undefined, { ledes: true });
    expect(entry!.lede).toBe("Resumen con Nombre Propio.");
    expect(JSON.stringify(entry)).not.toContain("CUERPO");
  });

  it("DER-2: an article page's description is its lede, also when the body is closed", () => {
    const page = (free: boolean) => `<!doctype html><html><head><title>T</title>
      <meta name="description" content="La ministra Elena Rocafort lo anunció en Peñablanca.">
      <script type="application/ld+json">{"@type":"NewsArticle","headline":"Rocafort aprueba el plan","isAccessibleForFree":${free}}</script>
      </head><body><article><h1>Rocafort aprueba el plan</h1><p>${"Texto del cuerpo de la noticia. ".repeat(30)}</p></article></body></html>`;
    expect(extractArticle(page(true), "https://diario.test/a.html").lede).toBe("La ministra Elena Rocafort lo anunció en Peñablanca.");
    const closed = extractArticle(page(false), "https://diario.test/a.html");
    expect(closed.lede).toBe("La ministra Elena Rocafort lo anunció en Peñablanca.");
    expect(closed.body).toBeUndefined();
  });
});
