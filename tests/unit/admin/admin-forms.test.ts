import { describe, expect, it } from "vitest";
import {
  parseBylineForm,
  parseCorrection,
  parseId,
  parseLegalPaste,
  parseLocalDateTime,
  parseMailExclusion,
  parseOutletForm,
  parseReplyForm,
} from "../../../lib/admin/forms";

const NOW = Date.parse("2026-07-01T12:00:00Z");

describe("admin and public form fields (SEC-2)", () => {
  it("SEC-2: ids are small positive integers only", () => {
    expect(parseId("12")).toBe(12);
    for (const bad of [undefined, "", "0", "-1", "1.5", "1e3", "12345678901", "1; drop table x"]) expect(parseId(bad)).toBeUndefined();
  });

  it("PUB-2: the received time is Madrid wall time, summer and winter", () => {
    expect(parseLocalDateTime("2026-07-01T10:30")).toBe(Date.parse("2026-07-01T08:30:00Z"));
    expect(parseLocalDateTime("2026-01-15T10:30")).toBe(Date.parse("2026-01-15T09:30:00Z"));
    expect(parseLocalDateTime("2026-02-30T10:30")).toBeUndefined();
    expect(parseLocalDateTime("ayer")).toBeUndefined();
  });

  it("PUB-2: a mail exclusion needs a public domain and a known scope; the future is refused", () => {
    const ok = parseMailExclusion({ dominio: "https://www.elpais.com/x", alcance: "total", contacto: "", recibida: "" }, NOW);
    expect(ok).toEqual({ ok: true, value: { domain: "elpais.com", scope: "total", contact: undefined, receivedAt: NOW } });
    expect(parseMailExclusion({ dominio: "169.254.169.254", alcance: "total" }, NOW).ok).toBe(false);
    expect(parseMailExclusion({ dominio: "elpais.com", alcance: "todo" }, NOW).ok).toBe(false);
    expect(parseMailExclusion({ dominio: "elpais.com", alcance: "total", recibida: "2026-07-02T10:00" }, NOW).ok).toBe(false);
    expect(parseMailExclusion({ dominio: "elpais.com", alcance: "total", contacto: "<x>" }, NOW).ok).toBe(false);
  });

  it("PUB-4: a reply keeps its text exactly (form CRLF line breaks stored as LF), refuses bad shapes and oversized text", () => {
    const text = "  Texto <b>con</b> marcas\r\n\ty espacios.  ";
    const ok = parseReplyForm({ cabecera: "diario-uno", firma: "Dirección", contacto: "d@uno.es", texto: text.repeat(2) });
    expect(ok.ok && ok.value.text).toBe(text.repeat(2).replace(/\r\n/g, "\n"));
    expect(parseReplyForm({ cabecera: "<script>", firma: "D", contacto: "d@uno.es", texto: text.repeat(2) }).ok).toBe(false);
    expect(parseReplyForm({ cabecera: "diario-uno", firma: "Dirección", contacto: "no", texto: text.repeat(2) }).ok).toBe(false);
    expect(parseReplyForm({ cabecera: "diario-uno", firma: "Dirección", contacto: "d@uno.es", texto: "corto" }).ok).toBe(false);
    expect(parseReplyForm({ cabecera: "diario-uno", firma: "Dirección", contacto: "d@uno.es", texto: "x".repeat(10_001) }).ok).toBe(false);
  });

  it("PUB-5: a byline request needs a name with letters and no markup", () => {
    expect(parseBylineForm({ nombre: "  Ana   Pérez ", contacto: "ana@x.es" })).toEqual({
      ok: true,
      value: { authorName: "Ana Pérez", contact: "ana@x.es" },
    });
    expect(parseBylineForm({ nombre: "<img src=x onerror=alert(1)>", contacto: "ana@x.es" }).ok).toBe(false);
    expect(parseBylineForm({ nombre: "12", contacto: "ana@x.es" }).ok).toBe(false);
    expect(parseBylineForm({ nombre: "Ana Pérez", contacto: "" }).ok).toBe(false);
  });

  it("ADM-2: the outlet form obeys the outlets file's schema", () => {
    const fields = {
      slug: "nuevo",
      nombre: "Nuevo",
      portada: "https://nuevo.test/",
      fuentes: "https://nuevo.test/rss\n\nhttps://nuevo.test/rss2",
      activa: "si",
    };
    const ok = parseOutletForm(fields);
    expect(ok.ok && ok.value).toMatchObject({
      slug: "nuevo",
      feeds: ["https://nuevo.test/rss", "https://nuevo.test/rss2"],
      active: true,
      feedIntervalMinutes: 10,
    });
    expect(parseOutletForm({ ...fields, slug: "Con Espacios" }).ok).toBe(false);
    expect(parseOutletForm({ ...fields, portada: "javascript:alert(1)" }).ok).toBe(false);
    expect(parseOutletForm({ ...fields, intervalo_fuentes: "-3" }).ok).toBe(false);
    expect(
      parseOutletForm({ ...fields, activa: "no" }).ok &&
        (parseOutletForm({ ...fields, activa: "no" }) as { value: { active: boolean } }).value.active,
    ).toBe(false);
  });

  it("ADM-2: corrections need a real day, a title and details; legal notices an outlet and text", () => {
    expect(parseCorrection({ dia: "2026-11-02", titulo: "T", detalles: "D" }).ok).toBe(true);
    expect(parseCorrection({ dia: "2026-02-31", titulo: "T", detalles: "D" }).ok).toBe(false);
    expect(parseCorrection({ dia: "2026-11-02", titulo: "", detalles: "D" }).ok).toBe(false);
    expect(parseLegalPaste({ cabecera: "3", texto: "a\r\nb" })).toEqual({ ok: true, value: { outletId: 3, text: "a\nb" } });
    expect(parseLegalPaste({ cabecera: "x", texto: "a" }).ok).toBe(false);
  });
});
