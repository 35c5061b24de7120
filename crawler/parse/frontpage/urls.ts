/**
 * Which same-site URLs are articles (SPEC EXT-3), judged by the URL's shape alone:
 * articles carry a date, a numeric or hexadecimal id, or a long slug; sections are short
 * paths (`/politica/`, `/deportes`); tags, authors, accounts, carts and legal pages are
 * utility paths whatever their shape (POL-3: login, cart and payment paths are never followed).
 */

// Path segments (without extension, lower case) that never lead to an article.
const UTILITY_SEGMENTS = new Set([
  "tag",
  "tags",
  "etiqueta",
  "etiquetas",
  "tema",
  "temas",
  "topic",
  "topics",
  "autor",
  "autores",
  "author",
  "authors",
  "firma",
  "firmas",
  "login",
  "logout",
  "signin",
  "sign-in",
  "signup",
  "sign-up",
  "acceso",
  "entrar",
  "iniciar-sesion",
  "identificate",
  "registro",
  "registrate",
  "register",
  "alta",
  "suscripcion",
  "suscripciones",
  "suscribete",
  "subscribe",
  "subscription",
  "subscriptions",
  "carrito",
  "cart",
  "cesta",
  "checkout",
  "pago",
  "cuenta",
  "mi-cuenta",
  "account",
  "perfil",
  "profile",
  "buscar",
  "buscador",
  "search",
  "newsletter",
  "newsletters",
  "hemeroteca",
  "aviso-legal",
  "politica-de-privacidad",
  "privacidad",
  "politica-de-cookies",
  "cookies",
  "contacto",
  "terminos-y-condiciones",
  "condiciones-de-uso",
  "quienes-somos",
  "mapa-web",
  "sitemap",
  "rss",
  "feed",
  // The same pages on outlets in other languages (German, Catalan, Portuguese, French, English).
  "thema",
  "themen",
  "schlagwort",
  "autoren",
  "impressum",
  "datenschutz",
  "kontakt",
  "suche",
  "abo",
  "abonnement",
  "etiquetes",
  "autors",
  "cerca",
  "subscripcio",
  "assinatura",
  "assine",
  "busca",
  "auteur",
  "auteurs",
  "recherche",
  "mentions-legales",
  "privacy",
  "terms",
  "contact",
  // Data and service pages: results tables, quotes, downloads, puzzles.
  "ergebnisse",
  "tabelle",
  "ergebnisse-tabelle",
  "resultados",
  "clasificacion",
  "clasificaciones",
  "calendario",
  "indizes",
  "cotizacion",
  "cotizaciones",
  "download",
  "downloads",
  "descargas",
  "spiele",
  "raetsel",
  "juegos",
  "pasatiempos",
  "crucigramas",
  "sudoku",
  "rezept",
  "rezepte",
  "receta",
  "recetas",
  // Services beside the news: weather, traffic, horoscope, lotteries, market indices, most-read lists.
  "tiempo",
  "trafico",
  "horoscopo",
  "loteria",
  "loterias",
  "indices",
  "lo-mas",
  "lomasvisto",
  "noticias-mas-leidas",
]);
// A legal or service page named by a prefix and more words (`Datenschutzerklaerung-der-…-4860.html`,
// `estado-trafico-barcelona.shtml`).
const LEGAL_PAGE =
  /^(?:datenschutz|impressum|aviso-legal|politica-de-privacidad|privacy-policy|nutzungsbedingungen|agb|estado-(?:del-)?trafico)/;
// An author's page named by a prefix and an id (`/impressum/autor-308cfad4-…`, `/author-1234`).
const AUTHOR_PAGE = /^(?:autor|autora|author|auteur)[-_][\w-]*\d/;
// First host labels of account, shop and paywall hosts of an outlet (`suscripciones.elpais.com`),
// and of its services that are not the newsroom: job boards, marketplaces, price comparison,
// deals, property listings, sponsored business content (`preisvergleich.heise.de`).
const UTILITY_HOSTS = new Set([
  "login",
  "registro",
  "suscripciones",
  "suscripcion",
  "suscriptores",
  "cuenta",
  "account",
  "accounts",
  "seguro",
  "secure",
  "sso",
  "auth",
  "tienda",
  "shop",
  "store",
  "pagos",
  "abo",
  "jobs",
  "empleo",
  "empleos",
  "stellenmarkt",
  "marktplatz",
  "preisvergleich",
  "immobilienmarkt",
  "kaufradar",
  "ofertas",
  "descuentos",
  "cupones",
  "gutscheine",
  "deals",
  "business-services",
  "it-kenner",
  "streaming-guide",
]);
const NOT_PAGES = /\.(?:pdf|jpe?g|png|gif|webp|svg|mp3|mp4|m4a|zip|xml|rss|json|txt|ics)$/i;
const PAGE_EXTENSION = /\.(?:s?html?|php|aspx?|jsp|cms)$/i;
const INDEX_NAMES = new Set(["index", "default", "portada", "home", "inicio"]);
// 2025/03/10, 2025-03-10 or 2025/03 as path segments, followed by the article's own
// segment (a bare `/2025/03/10/` is a day archive).
const DATE_PATH = /\/(?:19|20)\d{2}[/-](?:0[1-9]|1[0-2])(?:[/-](?:0[1-9]|[12]\d|3[01]))?\/(?!\d{1,2}\/?$)[^/]/;
const NUMERIC_ID = /\d{5,}/;
const HEX_ID = /[0-9a-f]{16,}/i;
// `noticia.php?id=1234`, `/?idNoticia=98765`.
const ID_PARAM = /(?:^|&)[^=&]*id=\d{3,}/i;

function safeDecode(text: string): string {
  if (!text.includes("%")) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function segmentsOf(url: URL): string[] {
  return url.pathname
    .split("/")
    .filter(Boolean)
    .map((s) => safeDecode(s).toLowerCase());
}

/** EXT-3: a tag, author, account, cart, search, legal or non-HTML link (never an article). */
export function isUtilityUrl(url: URL): boolean {
  const firstLabel = url.hostname.split(".")[0] ?? "";
  if (UTILITY_HOSTS.has(firstLabel)) return true;
  if (NOT_PAGES.test(url.pathname)) return true;
  return segmentsOf(url).some((s) => UTILITY_SEGMENTS.has(s.replace(PAGE_EXTENSION, "")) || AUTHOR_PAGE.test(s) || LEGAL_PAGE.test(s));
}

function slugWords(segment: string): number {
  return segment.split(/[-_+.\s]+/).filter((w) => /\p{L}/u.test(w)).length;
}

/** EXT-3: the URL has an article's shape (date, id or long slug), not a section's (`/deportes/`). */
export function hasArticleShape(url: URL): boolean {
  const segments = segmentsOf(url);
  const last = segments.at(-1);
  if (ID_PARAM.test(url.search.slice(1))) return true;
  if (last === undefined) return false;
  const base = last.replace(PAGE_EXTENSION, "");
  // A landing page (`…/id_89568474/index`) is a section or service page unless dated (CNN's
  // `/2014/07/24/world/…/index.html` are stories).
  if (INDEX_NAMES.has(base) && (segments.length <= 2 || !DATE_PATH.test(url.pathname))) return false;
  if (DATE_PATH.test(url.pathname)) return true;
  if (segments.some((s) => NUMERIC_ID.test(s) || HEX_ID.test(s))) return true;
  const words = slugWords(base);
  return words >= 4 || (base !== last && words >= 3);
}
