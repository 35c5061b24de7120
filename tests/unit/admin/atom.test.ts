import { Parser } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { atomFeed, xmlText } from "../../../lib/admin/atom";

/** Element names and texts of an XML document, in order (xmlMode). */
function parse(xml: string): { names: string[]; texts: string[] } {
  const names: string[] = [];
  const texts: string[] = [];
  let text = "";
  const parser = new Parser({
    onopentag: (name) => { names.push(name); text = ""; },
    ontext: (t) => { text += t; },
    onclosetag: () => { if (text.trim()) texts.push(text); text = ""; },
  }, { xmlMode: true, decodeEntities: true });
  parser.write(xml);
  parser.end();
  return { names, texts };
}

describe("the operator's Atom feed", () => {
  const feed = atomFeed({
    id: "https://h.test/admin/atencion", title: "Atención", selfUrl: "https://h.test/admin/atencion/atom", alternateUrl: "https://h.test/admin/atencion", now: Date.parse("2026-11-20T12:00:00Z"),
    entries: [
      { id: "https://h.test/admin/atencion#a", title: "Plazo <vencido> & \"más\"", updated: Date.parse("2026-11-19T10:00:00Z"), summary: "línea\u0000 rara", link: "https://h.test/admin" },
      { id: "https://h.test/admin/atencion#b", title: "Otro", updated: Date.parse("2026-11-20T08:00:00Z"), summary: "—", link: "https://h.test/admin/errores" },
    ],
  });

  it("ADM-3: is Atom 1.0 with one entry per item, each with id, title, updated, link and summary", () => {
    expect(feed).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\n<feed xmlns="http:\/\/www.w3.org\/2005\/Atom"/);
    const { names } = parse(feed);
    expect(names.filter((n) => n === "entry")).toHaveLength(2);
    expect(names.slice(names.indexOf("entry"), names.indexOf("entry") + 6)).toEqual(["entry", "id", "title", "updated", "link", "summary"]);
    // The feed's updated is its newest entry's.
    expect(feed).toContain("<updated>2026-11-20T08:00:00.000Z</updated>\n  <author>");
  });

  it("ADM-3: text is escaped, never markup, and characters XML forbids are dropped", () => {
    expect(feed).toContain("Plazo &lt;vencido&gt; &amp; &quot;más&quot;");
    expect(parse(feed).texts).toContain("Plazo <vencido> & \"más\"");
    expect(xmlText("a\u0000b\u001Fc\u202E")).toBe("abc\u202E");
  });

  it("ADM-3: with nothing to report the feed is empty and dated now", () => {
    const empty = atomFeed({ id: "x", title: "t", selfUrl: "s", alternateUrl: "a", now: Date.parse("2026-11-20T12:00:00Z"), entries: [] });
    expect(empty).toContain("<updated>2026-11-20T12:00:00.000Z</updated>");
    expect(parse(empty).names).not.toContain("entry");
  });
});
