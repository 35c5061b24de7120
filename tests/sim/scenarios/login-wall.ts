/**
 * A login wall (SPEC SIG-2): the article body is hidden behind "inicia sesión"
 * but, as on real sites, still travels in the HTML unless `withBody: false`. The
 * JSON-LD is left as it was, so the wall itself must be recognised.
 */
import type { SimRequest, SimResponse } from "../http-types";
import { bodyText, isOkText } from "./body-text";
import type { LoginWallScenario } from "./types";

const WALL = [
  '<div class="muro-registro login-wall" data-wall="login">',
  "  <h2>Este contenido es solo para usuarios registrados</h2>",
  "  <p>Regístrate gratis o inicia sesión para seguir leyendo.</p>",
  '  <form action="/login" method="post"><input name="email" type="email"><input name="password" type="password"><button>Entrar</button></form>',
  "</div>",
].join("\n");

/** Replaces the article body (or the whole `<main>`) with a login wall. */
export async function loginWall(s: LoginWallScenario, _req: SimRequest, next: () => Promise<SimResponse>): Promise<SimResponse> {
  const res = await next();
  const html = bodyText(res);
  if (!isOkText(res) || html === undefined || !res.headers["content-type"]?.startsWith("text/html")) return res;
  const body = /<div class="cuerpo[^"]*">([\s\S]*?)\n {2}<\/div>/;
  const walled = body.test(html)
    ? html.replace(
        body,
        (_m, inner: string) => `${WALL}\n  <div class="cuerpo contenido-bloqueado" hidden>${s.withBody === false ? "" : inner}\n  </div>`,
      )
    : html.replace(/<main[^>]*>[\s\S]*<\/main>/, `<main>\n${WALL}\n</main>`);
  return { ...res, body: walled };
}
