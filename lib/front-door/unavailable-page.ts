/** The 503 page the front door sends while the database is away or a page takes too long (SPEC OPS-2). */
import { badRequestPage } from "./bad-request-page";

/** Seconds a reader (or a crawler) is asked to wait before trying again. */
export const RETRY_AFTER_S = 30;

export function unavailablePage(): string {
  return badRequestPage(
    "No podemos consultar nuestros datos en este momento. Suele deberse a una parada breve de la base de datos y se resuelve sola: vuelve a cargar la página en unos segundos.",
    "/",
    "Servicio no disponible temporalmente",
    503,
  );
}
