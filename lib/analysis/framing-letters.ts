/**
 * The framing letters (SPEC DER-4): the five generic news frames of Semetko & Valkenburg
 * (2000, "Framing European politics: a content analysis of press and television news")
 * and a letter for headlines that carry none of them. Shown on /metodologia.
 */

/** The letters, in the order of the model's rows. */
export const FRAME_LETTERS = ["C", "H", "E", "M", "R", "N"] as const;
/** One framing letter. */
export type FrameLetter = (typeof FRAME_LETTERS)[number];

/** Spanish name and meaning of each letter, as the site shows them. */
export const FRAMES: Readonly<Record<FrameLetter, { name: string; meaning: string }>> = {
  C: {
    name: "Conflicto",
    meaning: "Desacuerdo entre personas, partidos, instituciones o países: choques, acusaciones, reproches, ganadores y perdedores.",
  },
  H: { name: "Interés humano", meaning: "Una cara humana o un ángulo emocional: historias personales, víctimas, testimonios, gestos." },
  E: {
    name: "Consecuencias económicas",
    meaning: "Lo que algo cuesta o hace ganar o perder a personas, empresas, sectores o al país: precios, empleo, impuestos.",
  },
  M: { name: "Moralidad", meaning: "Un juicio moral, religioso o ético: valores, dignidad, lo que está bien o mal, la Iglesia." },
  R: {
    name: "Responsabilidad",
    meaning: "Quién causó un problema o quién debe resolverlo: culpas, investigaciones, tribunales, soluciones que se exigen o prometen.",
  },
  N: {
    name: "Neutro u otro",
    meaning: "Titulares de servicio, agenda o información sin ninguno de los cinco encuadres (el tiempo, horarios, resultados, estrenos).",
  },
};

/** True when `value` is one of the letters. */
export function isFrameLetter(value: string): value is FrameLetter {
  return (FRAME_LETTERS as readonly string[]).includes(value);
}

/** How a letter is shown beside a figure: "C · Conflicto" (an unknown letter as it is). */
export function frameLabel(letter: string): string {
  return isFrameLetter(letter) ? `${letter} · ${FRAMES[letter].name}` : letter;
}
