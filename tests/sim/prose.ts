/**
 * Ledes and body text. Every sentence carries a code built from a per-article token
 * (e.g. "Ravelunto-4821-3"), so each sentence is unique and a test can grep the
 * database and logs for it to prove no text was stored (SPEC STO-3). Tokens never
 * appear in headlines, URLs, bylines or sections, which are stored legitimately.
 */
import type { Dice, DrawKey } from "./dice";
import { contract, type NewsCore } from "./headlines";
import { SYLLABLES } from "./vocabulary";

/** The text of one article: lede (feed description) and body paragraphs. */
export interface ArticleText {
  /** The per-article (or, for wire copy, per-story) token inside every sentence. */
  token: string;
  lede: string;
  paragraphs: string[][];
}

const BODY: readonly string[] = [
  "Según el informe {code}, {topic} afecta ya a {n} vecinos de {place}.",
  "{Name} recordó que el expediente {code} lleva meses sin resolverse.",
  "Los técnicos consultados, que citan el documento {code}, calculan un coste de {n} millones.",
  "Fuentes de {place} aseguran que la propuesta {code} se debatirá antes del verano.",
  "La oposición pidió acceso al dictamen {code} para evaluar el impacto en {place}.",
  "El calendario de la memoria {code} fija la primera fase dentro de {n} semanas.",
  "Varios colectivos vecinales presentaron alegaciones al plan {code} el pasado martes.",
  "En {place}, el registro {code} contabiliza {n} solicitudes desde enero.",
  "Un portavoz de {role} evitó comentar la nota interna {code}.",
  "La cifra recogida en el anexo {code} duplica la del año anterior, según {Name}.",
  "Nadie en {place} esperaba que el borrador {code} llegara tan pronto a la mesa.",
  "El acta {code} menciona {n} reuniones previas sobre {topic}.",
];

/**
 * Lede shapes: each outlet's lede names a different part of the event (the person, the
 * place, neither), as real ledes paraphrase one another; wire copy shares one lede.
 */
const LEDES: readonly string[] = [
  "{Role} {name} ha puesto {topic} en el centro del debate en {place}, según el documento {code}, y la decisión tendrá consecuencias durante {n} meses.",
  "La polémica por {topic} suma un nuevo capítulo, recogido en el documento {code}: {n} meses de trámites por delante.",
  "Vecinos de {place} siguen pendientes de {topic} tras conocerse el informe {code}, que prevé {n} meses de obras.",
  "{Name} defendió su postura durante {n} minutos ante la prensa, con el expediente {code} sobre la mesa.",
  "Lo ocurrido con {topic} no deja indiferente a nadie, y el documento {code} lo resume en {n} puntos.",
];

/** A capitalised pseudo-word plus a number: distinctive, and never a real word. */
function drawToken(dice: Dice, key: DrawKey): string {
  const word = [0, 1, 2, 3].map((i) => dice.pick(SYLLABLES, ...key, "syl", i)).join("");
  return `${word.charAt(0).toUpperCase()}${word.slice(1)}-${dice.int(1000, 9999, ...key, "num")}`;
}

function fill(template: string, core: NewsCore, code: string, n: number): string {
  const role = core.actor.role;
  const values: Record<string, string> = {
    code,
    topic: core.topic,
    place: core.place,
    Name: core.actor.name,
    name: core.actor.name,
    Role: role.charAt(0).toUpperCase() + role.slice(1),
    role,
    n: String(n),
  };
  return contract(template.replace(/\{(\w+)\}/g, (m, key: string) => values[key] ?? m));
}

const MONTHS = ["ene.", "feb.", "mar.", "abr.", "may.", "jun.", "jul.", "ago.", "sep.", "oct.", "nov.", "dic."];

/** An agency dateline, e.g. "VALDELUMBRE, 10 mar. (EFE).-" (the credit line DER-3 looks for). */
function dateline(core: NewsCore, agency: string, at: number): string {
  const d = new Date(at);
  return `${core.place.toUpperCase()}, ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} (${agency}).-`;
}

/**
 * The token and lede of `textFor` alone (a feed shows only the lede: the body costs ten times
 * more). With `own`, the lede's shape and figure are drawn for that article while the token
 * stays the text's: an outlet running wire copy writes its own lede over the agency's body.
 */
export function ledeFor(dice: Dice, key: DrawKey, core: NewsCore, own: DrawKey = key): { token: string; lede: string } {
  const token = drawToken(dice, key);
  const shape = dice.pick(LEDES, ...own, "lede-shape");
  return { token, lede: fill(shape, core, `${token}-L`, dice.int(2, 18, ...own, "lede")) };
}

/**
 * Text for the article (or wire story) named by `key`. With `agency`, the caller
 * passes the story's key so every outlet running the wire gets the same body, and the
 * article's own key (`agency.own`) for its lede.
 */
export function textFor(dice: Dice, key: DrawKey, core: NewsCore, agency?: { name: string; at: number; own: DrawKey }): ArticleText {
  const { token, lede } = ledeFor(dice, key, core, agency?.own);
  const paragraphs: string[][] = [];
  const paragraphCount = dice.int(4, 6, ...key, "paragraphs");
  let index = 0;
  for (let p = 0; p < paragraphCount; p++) {
    const sentences: string[] = [];
    const count = dice.int(2, 3, ...key, "sentences", p);
    for (let i = 0; i < count; i++, index++) {
      const template = BODY[(dice.int(0, BODY.length - 1, ...key, "first") + index) % BODY.length] ?? "";
      sentences.push(fill(template, core, `${token}-${index + 1}`, dice.int(3, 950, ...key, "n", index)));
    }
    paragraphs.push(sentences);
  }
  const first = paragraphs[0];
  if (agency && first?.[0]) first[0] = `${dateline(core, agency.name, agency.at)} ${first[0]}`;
  return { token, lede, paragraphs };
}
