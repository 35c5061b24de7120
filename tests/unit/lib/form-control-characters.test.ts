/**
 * SEC-2, SEC-6: form bodies with control characters are refused with a 400 and a Spanish reason
 * where every post is read, so a NUL never reaches a query (where PostgreSQL's refusal
 * looked like the database being down: a 503 on public forms, a 500 in the admin).
 */
import { describe, expect, it } from "vitest";
import { readForm } from "../../../lib/forms/read-form";
import { hasForbiddenControl } from "../../../lib/forms/control-characters";

function post(body: string): Request {
  return new Request("http://127.0.0.1/replicas/enviar", {
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
}

describe("control characters in form bodies (SEC-2)", () => {
  it("SEC-6: a NUL in a value is a 400 naming the field", async () => {
    const read = await readForm(post("nombre=Ana&texto=hola%00mundo"), 4096);
    expect(read).toMatchObject({ ok: false, status: 400 });
    expect(!read.ok && read.reason).toContain("«texto»");
    expect(!read.ok && read.reason).toMatch(/caracteres de control/);
  });

  it("SEC-6: a NUL in a field's name is refused too", async () => {
    expect(await readForm(post("tex%00to=hola"), 4096)).toMatchObject({ ok: false, status: 400 });
  });

  it("SEC-2: every C0 control but TAB, LF and CRLF is refused; a lone CR is refused", async () => {
    for (let code = 0; code < 0x20; code++) {
      const allowed = code === 0x09 || code === 0x0a;
      const read = await readForm(post(`texto=${encodeURIComponent(`a${String.fromCharCode(code)}b`)}`), 4096);
      expect(read.ok, `U+${code.toString(16).padStart(4, "0")}`).toBe(allowed);
    }
    expect(hasForbiddenControl("línea\r\notra")).toBe(false);
    expect(hasForbiddenControl("línea\rotra")).toBe(true);
    expect(hasForbiddenControl("al final\r")).toBe(true);
  });

  it("SEC-2: ordinary text with tabs, line breaks, accents and emoji passes unchanged", async () => {
    const texto = "Réplica:\tprimera línea\r\nsegunda línea\n— ñ, ü, 📰";
    expect(await readForm(post(new URLSearchParams({ texto }).toString()), 4096)).toEqual({ ok: true, fields: { texto } });
  });
});
