/**
 * Known Spanish clickbait patterns (DER-1), a documented list. Each pattern is a
 * regular expression over the folded headline (lower case, no accents: see `fold`), so
 * "Así es" and "ASÍ ES" match alike. The list draws on the forward-reference and
 * reader-address markers described by Blom & Hansen (2015, "Click bait: Forward-reference
 * as lure in online news headlines") and on the Spanish shapes we see in front pages.
 * Shown verbatim (id and description) on /metodologia; a headline lists every id it matches.
 */
import { fold } from "./headline-text";

/** One pattern: a stable id (stored), what it catches (shown), and the expression. */
export interface ClickbaitPattern { id: string; description: string; pattern: RegExp }

/** The list, in the order shown on the methods page. */
export const CLICKBAIT_PATTERNS: readonly ClickbaitPattern[] = [
  { id: "no-te-lo-creeras", description: "«No te lo vas a creer», «no creerás…»", pattern: /\bno (te|os) lo (vas|vais) a creer\b|\bno (creeras|te creeras|os creereis)\b/ },
  { id: "lo-que-nadie", description: "«Lo que nadie te cuenta / sabe / dice…»", pattern: /\blo que nadie (te |os )?(cuenta|dice|sabe|explica|conto|dijo)\b/ },
  { id: "esto-es-lo-que", description: "Referencia anticipada: «Esto es lo que…», «Así es…», «Este es el…»", pattern: /^(esto es lo que|esta es la|este es el|estos son los|estas son las|asi es|asi son|asi fue|asi ha sido|asi sera)\b/ },
  { id: "el-motivo", description: "«El motivo / la razón por la que…», «por qué» que anuncia una respuesta oculta", pattern: /\b(el motivo|la razon|la verdadera razon|el verdadero motivo) (por el que|por la que|de que|detras)\b/ },
  { id: "lo-que-pasa-si", description: "«Lo que pasa si…», «qué ocurre cuando…»", pattern: /\b(lo que|que) (pasa|ocurre|sucede|le pasa a tu cuerpo) (si|cuando)\b/ },
  { id: "lista-numerada", description: "Listas: «5 claves / trucos / cosas / razones…»", pattern: /^(\d+|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|quince|veinte) (claves|cosas|razones|motivos|trucos|consejos|formas|maneras|errores|senales|alimentos|lugares|series|peliculas|libros|planes|destinos|preguntas|datos)\b/ },
  { id: "te-contamos", description: "Se dirige al lector: «te contamos / explicamos / decimos…»", pattern: /\b(te|os) (contamos|explicamos|decimos|ensenamos|mostramos|desvelamos|lo contamos|lo explicamos)\b/ },
  { id: "imperativo", description: "Imperativo al lector: «descubre», «mira», «no te pierdas», «atento»", pattern: /(^|[:.] )(descubre|mira|fijate|no te pierdas|atento|atenta|ojo|toma nota|apunta)\b/ },
  { id: "el-truco", description: "«El truco / secreto / método para…»", pattern: /\b(el|este|un) (truco|secreto|metodo infalible|remedio casero) (para|de|que)\b/ },
  { id: "emocion", description: "Adjetivos de asombro: «increíble», «impactante», «brutal», «alucinante»…", pattern: /\b(increible|impactante|brutal|alucinante|sorprendente|insolito|escalofriante|demoledor|espectacular)\b/ },
  { id: "reaccion", description: "Anuncia la reacción del lector: «te sorprenderá», «te dejará sin palabras»", pattern: /\b(te|os) (sorprendera|sorprenderan|dejara|dejaran|encantara|encantaran|cambiara|hara llorar|hara reir)\b/ },
  { id: "viral", description: "«Se hace viral», «arrasa en redes», «revoluciona internet»", pattern: /\b(se (hace|ha hecho|vuelve) viral|arrasa en (las )?redes|revoluciona (las redes|internet|tiktok))\b/ },
  { id: "lo-que-debes-saber", description: "«Todo lo que debes / tienes que saber»", pattern: /\blo que (debes|tienes que|hay que|necesitas|deberias) saber\b/ },
  { id: "nadie-esperaba", description: "«Nadie esperaba…», «lo que nadie imaginaba»", pattern: /\bnadie (se )?(esperaba|imaginaba|podia imaginar)\b/ },
];

/** Ids of the patterns the headline matches, in list order. */
export function clickbaitPatterns(headline: string): string[] {
  const folded = fold(headline).replace(/\s+/g, " ").replace(/^[¿¡"«“\s]+/, "").trim();
  return CLICKBAIT_PATTERNS.filter((p) => p.pattern.test(folded)).map((p) => p.id);
}
