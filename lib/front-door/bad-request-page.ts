/**
 * A self-contained Spanish error page for answers that cannot go through the site's
 * layout (the proxy's 400s, form handlers' refusals): the reason and a way back.
 */

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A self-contained page: the reason, and a way back. */
export function badRequestPage(reason: string, back: string, title = "Solicitud incorrecta", code = 400): string {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escape(title)} · Hemeroscopio</title>
<style>body{font:1.05rem/1.6 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1d1c1a;background:#fbfaf7}a{color:#0b4f8a}
@media (prefers-color-scheme:dark){body{color:#ecebe6;background:#161614}a{color:#8cc4f2}}</style></head>
<body><main><p>Error ${code} · <a href="/">Hemeroscopio</a></p><h1>${escape(title)}</h1><p>${escape(reason)}</p>
<p><a href="${escape(back)}">Volver a empezar</a></p></main></body></html>`;
}
