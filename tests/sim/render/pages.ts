/** The outlet's other pages: legal notice (re-read monthly, SPEC LEG-1), login, cart, search, 404. */
import type { SimOutlet } from "../outlets";
import { esc } from "./format";
import { renderPage, type ChromeContext } from "./chrome";

const MONTHS = [
  "enero",
  "febrero",
  "marzo",
  "abril",
  "mayo",
  "junio",
  "julio",
  "agosto",
  "septiembre",
  "octubre",
  "noviembre",
  "diciembre",
];

/** The first instant of the month of `now` (UTC): the legal notice changes monthly. */
export function legalNoticeRevision(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/** The legal notice (LSSI-CE art. 10 data), revised on the first of each month. */
export function renderLegalNotice(ctx: ChromeContext, now: number): string {
  const o: SimOutlet = ctx.outlet;
  const rev = new Date(legalNoticeRevision(now));
  const company = `Ediciones ${o.name.replace(/^(El|La|Las|Los) /, "")} S.L.`;
  const main = [
    '<main id="aviso-legal"><h1>Aviso legal</h1>',
    `<p>En cumplimiento del artículo 10 de la Ley 34/2002, de Servicios de la Sociedad de la Información, se informa de que el titular de ${esc(o.domain)} es ${esc(company)}, con CIF B${String(10_000_000 + o.slug.length * 7919).slice(0, 8)} y domicilio en Calle Mayor 1, Villaficticia.</p>`,
    "<p>Queda prohibida la reproducción total o parcial de los contenidos sin autorización expresa, incluida su extracción para minería de textos y datos conforme al artículo 67.3 del Real Decreto-ley 24/2021.</p>",
    `<p>Revisión ${rev.getUTCFullYear() * 100 + rev.getUTCMonth() + 1}. Última actualización: ${MONTHS[rev.getUTCMonth()]} de ${rev.getUTCFullYear()}.</p>`,
    "</main>",
  ].join("\n");
  return renderPage(ctx, { title: `Aviso legal | ${o.name}`, main });
}

const SIMPLE: Record<string, { title: string; text: string; form?: string }> = {
  "/login": { title: "Iniciar sesión", text: "Accede con tu cuenta.", form: "/login" },
  "/suscripcion": { title: "Suscríbete", text: "Suscripción digital desde 1 € el primer mes.", form: "/suscripcion" },
  "/carrito": { title: "Tu carrito", text: "Tu carrito está vacío." },
  "/buscar": { title: "Buscar", text: "Resultados de búsqueda." },
  "/privacidad": { title: "Política de privacidad", text: "Tratamos tus datos conforme al RGPD." },
  "/cookies": { title: "Política de cookies", text: "Usamos cookies propias y de terceros." },
  "/contacto": { title: "Contacto", text: "Escríbenos a redaccion@ejemplo.test." },
};

/** Service pages (login, subscription, cart, search, legal); `undefined` for other paths. */
export function renderServicePage(ctx: ChromeContext, path: string): string | undefined {
  const page = SIMPLE[path];
  if (!page) return undefined;
  const form = page.form
    ? `<form method="post" action="${page.form}"><input name="email" type="email"><input name="password" type="password"><button>Enviar</button></form>`
    : "";
  return renderPage(ctx, {
    title: `${page.title} | ${ctx.outlet.name}`,
    main: `<main><h1>${esc(page.title)}</h1><p>${esc(page.text)}</p>${form}</main>`,
  });
}

/** A 404 page in the outlet's frame. */
export function renderNotFound(ctx: ChromeContext): string {
  return renderPage(ctx, {
    title: `Página no encontrada | ${ctx.outlet.name}`,
    main: "<main><h1>Error 404</h1><p>La página que buscas no existe.</p></main>",
  });
}
