/**
 * The operator's panel in Spanish prose: what the database records as codes (a pending
 * reason, an audit action and its details) worded as the public pages word them.
 */
import { SCOPE_LABELS } from "../exclusion-request";
import type { Scope } from "../policy";

/** Why a request is not applied yet, as a sentence; codes nobody foresaw are not shown raw. */
export function pendingReasonText(reason: string | undefined): string {
  switch (reason) {
    case undefined:
      return "pendiente";
    case "esperando-codigo":
      return "pendiente: aún no hemos buscado el código de verificación";
    case "codigo-no-encontrado":
      return "pendiente: buscamos el código de verificación y todavía no aparece";
    default:
      return "pendiente";
  }
}

/** What each audit action did, as the operator would say it. */
const ACTIONS: Record<string, string> = {
  login: "Entrada en el panel",
  "login.failed": "Intento de entrada fallido",
  logout: "Salida del panel",
  setup: "Configuración de la contraseña del operador",
  "setup.failed": "Intento fallido de configurar la contraseña",
  recovery: "Recuperación del acceso",
  "recovery.failed": "Intento fallido de recuperar el acceso",
  "recovery.code_logged": "Código de recuperación escrito en el registro del servidor",
  "exclusion.enter": "Exclusión anotada a mano",
  "exclusion.confirm": "Exclusión confirmada",
  "exclusion.withdraw": "Exclusión retirada",
  "reply.publish": "Réplica publicada",
  "reply.reject": "Réplica rechazada",
  "reply.unpublish": "Réplica retirada",
  "byline.accept": "Petición de firma aceptada",
  "byline.reject": "Petición de firma rechazada",
  "outlet.create": "Cabecera añadida",
  "outlet.edit": "Cabecera editada",
  "outlet.deactivate": "Cabecera desactivada",
  "outlet.activate": "Cabecera activada",
  "outlets.import": "Lista de cabeceras importada",
  "outlets.export": "Lista de cabeceras exportada",
  "source.accept": "Fuente propuesta aceptada",
  "source.discard": "Fuente propuesta descartada",
  "correction.add": "Corrección publicada",
  "correction.update": "Corrección editada",
  "correction.delete": "Corrección borrada",
  "legal.paste": "Aviso legal pegado y guardado",
  "legal.paste-unchanged": "Aviso legal pegado, igual al guardado",
};

/** The audit action in words; an unknown one keeps its code, marked as such. */
export function auditActionText(action: string): string {
  return ACTIONS[action] ?? `Acción «${action}»`;
}

/** Names of the details' keys. */
const DETAIL_NAMES: Record<string, string> = {
  id: "número",
  outletId: "cabecera (número)",
  format: "formato",
  after: "tras",
  domain: "dominio",
  scope: "alcance",
  slug: "identificador",
  added: "añadidas",
  updated: "actualizadas",
  unchanged: "sin cambios",
};

/** A detail's value in words: scopes by their public name, a preceding step as its action. */
function detailValue(key: string, value: unknown): string {
  if (key === "scope" && typeof value === "string" && value in SCOPE_LABELS) return SCOPE_LABELS[value as Scope];
  if (key === "after" && typeof value === "string") return auditActionText(value).toLowerCase();
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** An audit entry's details as "número: 3 · dominio: ejemplo.es". */
export function auditDetailsText(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([key, value]) => `${DETAIL_NAMES[key] ?? key}: ${detailValue(key, value)}`)
    .join(" · ");
}
