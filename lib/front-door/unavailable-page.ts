/** The 503 the front door sends while the database is away or the site is too busy (SPEC OPS-2, SEC-7). */
import { badRequestPage } from "./bad-request-page";

/** Seconds a reader (or a crawler) is asked to wait before trying again. */
export const RETRY_AFTER_S = 30;

/** Why nothing can be answered now: the database is away, or too many renders are going (or this one took too long). */
export type Unavailability = "database" | "busy";

const PAGE_TEXT: Record<Unavailability, string> = {
  database:
    "No podemos consultar nuestros datos en este momento. Suele deberse a una parada breve de la base de datos y se resuelve sola: vuelve a cargar la página en unos segundos.",
  busy: "Ahora mismo estamos preparando demasiadas páginas a la vez y esta no ha podido esperar su turno. No es un fallo de la página: vuelve a cargarla en unos segundos.",
};

const API_TEXT: Record<Unavailability, string> = {
  database: `The database cannot be read right now; try again in ${RETRY_AFTER_S} s.`,
  busy: `Too many requests are being answered at once; try again in ${RETRY_AFTER_S} s.`,
};

/** The page a reader sees. */
export function unavailablePage(why: Unavailability = "database"): string {
  return badRequestPage(PAGE_TEXT[why], "/", "Servicio no disponible temporalmente", 503);
}

/** The same for the API and the exports, in the API's error shape (db/open-data/errors.ts: code `unavailable`). */
export function unavailableApiBody(why: Unavailability): string {
  return JSON.stringify({ error: { code: "unavailable", message: API_TEXT[why] } });
}
