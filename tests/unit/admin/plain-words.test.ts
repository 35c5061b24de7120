/** The operator reads Spanish prose, not the codes the database keeps (SPEC ADM-2). */
import { describe, expect, it } from "vitest";
import { ACTIONS } from "../../../app/admin/_lib/actions";
import { auditActionText, auditDetailsText, pendingReasonText } from "../../../lib/admin/plain-words";

describe("the admin's words", () => {
  it("ADM-2: every action a form can post has a phrase of its own in the audit log", () => {
    const posted = Object.keys(ACTIONS).filter((a) => a !== "outlet.save");
    for (const action of [...posted, "outlet.create", "outlet.edit", "login", "logout", "setup", "recovery", "outlets.export"]) {
      expect(auditActionText(action), action).not.toContain("«");
    }
    expect(auditActionText("something.new")).toBe("Acción «something.new»");
  });

  it("ADM-2: details read as «name: value», and a pending reason as a sentence, never a code", () => {
    expect(auditDetailsText({ id: 3, domain: "medio.es" })).toBe("número: 3 · dominio: medio.es");
    expect(auditDetailsText({ scope: "sin-anotacion-de-modelo", after: "setup" })).toBe(
      "alcance: Sin anotación de modelo · tras: configuración de la contraseña del operador",
    );
    for (const reason of ["esperando-codigo", "codigo-no-encontrado", "algo-nuevo", undefined]) {
      expect(pendingReasonText(reason)).toMatch(/^pendiente/);
      expect(pendingReasonText(reason)).not.toMatch(/[a-z]-[a-z]/);
    }
    expect(pendingReasonText("codigo-no-encontrado")).toContain("todavía no aparece");
  });
});
