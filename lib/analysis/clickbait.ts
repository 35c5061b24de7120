/**
 * Known Spanish clickbait formulas (DER-1), a documented list. Each pattern is a
 * regular expression over the folded headline (lower case, no accents: see `fold`), so
 * "Así es" and "ASÍ ES" match alike. The list draws on the forward-reference and
 * reader-address markers described by Blom & Hansen (2015, "Click bait: Forward-reference
 * as lure in online news headlines"), on the Spanish shapes we see in front pages, and on
 * the formulas read by hand in the clickbait teasers of TA1C's training split (questions
 * whose answer is in the article, "por qué", lists, "claves para", addressing the reader
 * as «tú», announced gestures and reactions). Nothing is fitted: each formula is written
 * and kept only if it flags mostly clickbait in that split; the validation and test splits
 * measure the list (`npm run bench -- labelled`, docs/benchmarks.md). A headline that
 * matches none may still be clickbait: pages call the share «fórmulas reconocidas».
 * Shown verbatim (id and description) on /metodologia; a headline lists every id it matches.
 * Ids are stored: a pattern may widen, but its id keeps its meaning.
 */
import { fold } from "./headline-text";

/**
 * One pattern: a stable id (stored), what it catches (shown), and the expression. With
 * `unquoted`, it is matched with the quoted passages blanked out: a question or a «tú» in
 * someone's words is theirs, not the outlet's address to its reader.
 */
export interface ClickbaitPattern {
  id: string;
  description: string;
  pattern: RegExp;
  unquoted?: boolean;
}

/** The list, in the order shown on the methods page. */
export const CLICKBAIT_PATTERNS: readonly ClickbaitPattern[] = [
  {
    id: "no-te-lo-creeras",
    description: "«No te lo vas a creer», «no creerás…»",
    pattern: /\bno (te|os) lo (vas|vais) a creer\b|\bno (creeras|te creeras|os creereis)\b/,
  },
  {
    id: "lo-que-nadie",
    description: "«Lo que nadie te cuenta / sabe / dice…»",
    pattern: /\blo que nadie (te |os )?(cuenta|dice|sabe|explica|conto|dijo)\b/,
  },
  {
    id: "esto-es-lo-que",
    description: "Referencia anticipada: «Esto es lo que…», «Así es…», «Estas son las…», al empezar el titular o tras dos puntos",
    pattern:
      /(^|[:.|] |\by )(esto es lo que|esto fue lo que|esta es la|este es el|estos son( los)?|estas son( las)?|asi es|asi son|asi fue|asi ha sido|asi sera|asi le fue|asi luce|asi quedo|asi (debes|tienes|puedes|fueron|funciona|funcionara|seran|quedaron|reacciono|respondio|lucen|se vive|vive))\b|\besto (es|fue) lo que\b/,
  },
  {
    id: "pregunta-anticipada",
    description: "Pregunta cuya respuesta está en la noticia: «Por qué…», «Qué es…», «Cómo…», «Cuánto…», «Quién es…»",
    unquoted: true,
    pattern:
      /\bpor que\b|(^|[:.|] )¿?(que (es|son|significa|pasa|hay|se sabe|dice|dicen|trae|hacer)|como (es|son|se|funciona|hacer|saber|elegir|evitar|ver|fue|afecta|puede)|cual(es)? (es|son|fue|era|sera)|cuant[oa]s? |quien(es)? (es|son|era|fue|fueron))\b/,
  },
  {
    id: "el-motivo",
    description: "«El motivo / la razón por la que…», «por qué» que anuncia una respuesta oculta",
    pattern: /\b(el motivo|la razon|la verdadera razon|el verdadero motivo) (por el que|por la que|de que|detras)\b/,
  },
  {
    id: "lo-que-pasa-si",
    description: "«Lo que pasa si…», «qué ocurre cuando…»",
    pattern: /\b(lo que|que) (pasa|ocurre|sucede|le pasa a tu cuerpo) (si|cuando)\b/,
  },
  {
    id: "lista-numerada",
    description: "Listas: «5 claves / trucos / cosas / razones…», también tras dos puntos o «estas»",
    pattern:
      /(^|[:|] |\b(estas|estos|las|los) )(\d+|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|quince|veinte) (mejores |grandes |pequenos |sencillos )?(claves|cosas|razones|motivos|trucos|consejos|formas|maneras|errores|senales|alimentos|lugares|series|peliculas|libros|planes|destinos|preguntas|datos|imagenes|fotos|canciones|actividades|ideas|pasos|secretos|mitos|curiosidades|frases|sitios|rincones|habitos|beneficios|sintomas|recetas|ejercicios|aplicaciones|apps|juegos|famosos|actrices|actores)\b/,
  },
  {
    id: "te-contamos",
    description: "Se dirige al lector: «te contamos / explicamos…», «le contamos», «conozca…»",
    pattern:
      /\b(te|os|le|les) (contamos|explicamos|decimos|ensenamos|mostramos|desvelamos|lo contamos|lo explicamos)\b|\bconozca\b|\bconoce (aqui|como|cual|que|los|las|el|la|a)\b/,
  },
  {
    id: "imperativo",
    description: "Imperativo al lector: «descubre», «mira», «no te pierdas», «atento»",
    pattern: /(^|[:.] )(descubre|descubra|mira|fijate|no te pierdas|atento|atenta|ojo|toma nota|apunta|enterate|enterese)\b/,
  },
  {
    id: "el-truco",
    description: "«El truco / secreto / método para…»",
    pattern: /\b(el|este|un) (truco|secreto|metodo infalible|remedio casero) (para|de|que)\b/,
  },
  {
    id: "claves-para",
    description: "«Claves / consejos / trucos para…»",
    pattern: /\b(claves|consejos|trucos|tips|recomendaciones) (para|que)\b/,
  },
  {
    id: "emocion",
    description: "Adjetivos de asombro: «increíble», «impactante», «brutal», «curioso», «extraño»…",
    pattern:
      /\b(increible|impactante|brutal|alucinante|sorprendente|insolito|insolita|escalofriante|demoledor|espectacular|curioso|curiosa|extrano|extrana|emotivo|emotiva|conmovedor|conmovedora|estremecedor|estremecedora)\b/,
  },
  {
    id: "caso-curioso",
    description: "«La historia detrás de…», «el misterio de…», «la verdad sobre…»: promete un relato oculto",
    pattern:
      /\b(la historia (detras|secreta|desconocida|oculta)|el misterio (de|del|detras)|la verdad (sobre|detras)|el secreto (de|del|detras)|lo que (hay|esconde) detras)\b/,
  },
  {
    id: "el-gesto",
    description: "«El gesto / el mensaje / la reacción de…» que anuncia sin decir qué fue",
    pattern:
      /^(el|la|los|las) (\w+ )?(gesto|mensaje|saludo|reaccion|respuesta|burla|foto|fotos|video|imagen|imagenes|momento|detalle|confesion|revelacion|anecdota|advertencia|acusacion|critica|polemica)\b/,
  },
  { id: "pregunta", description: "El titular pregunta al lector (una pregunta fuera de una cita)", unquoted: true, pattern: /\?/ },
  {
    id: "de-tu",
    description: "Se dirige al lector de tú fuera de una cita: «tu», «te», «puedes», «sabías»",
    unquoted: true,
    pattern: /\b(tu|tus|te|ti|puedes|debes|tienes|sabias|sabes|quieres)\b/,
  },
  {
    id: "reaccion",
    description: "Anuncia la reacción del lector: «te sorprenderá», «te dejará sin palabras»",
    pattern: /\b(te|os) (sorprendera|sorprenderan|dejara|dejaran|encantara|encantaran|cambiara|hara llorar|hara reir)\b/,
  },
  {
    id: "viral",
    description: "«Se hace viral», «arrasa en redes», «revoluciona internet»",
    pattern: /\b(se (hace|ha hecho|vuelve|hizo) viral|arrasa en (las )?redes|revoluciona (las redes|internet|tiktok))\b/,
  },
  {
    id: "lo-que-debes-saber",
    description: "«Todo lo que debes / tienes que saber», «lo que se sabe»",
    pattern: /\blo que (debes|tienes que|hay que|necesitas|deberias) (de )?saber\b|\btodo lo que\b|\blo que (se sabe|sabemos)\b/,
  },
  {
    id: "nadie-esperaba",
    description: "«Nadie esperaba…», «lo que nadie imaginaba»",
    pattern: /\bnadie (se )?(esperaba|imaginaba|podia imaginar)\b/,
  },
];

/** Ids of the patterns the headline matches, in list order. */
export function clickbaitPatterns(headline: string): string[] {
  const spaced = fold(headline).replace(/\s+/g, " ");
  const folded = spaced.replace(/^[¿¡"«“\s]+/, "").trim();
  const unquoted = spaced
    .replace(/«[^»]*»?|“[^”]*”?|"[^"]*"?/g, " ")
    .replace(/^[¿¡\s]+/, "")
    .trim();
  return CLICKBAIT_PATTERNS.filter((p) => p.pattern.test(p.unquoted ? unquoted : folded)).map((p) => p.id);
}
