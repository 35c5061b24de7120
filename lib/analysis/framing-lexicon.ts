/**
 * The Spanish cue lexicon of the framing model (SPEC DER-4), written by the team: word
 * prefixes (folded: lower case, no accents) that signal each frame, after the indicator
 * questions of Semetko & Valkenburg (2000). A token matches a cue when it starts with it.
 * scripts/fit-framing.ts copies this list into framing-model.json, so the model file (and
 * its SHA-256) holds every word the model reads; at run time only the JSON is used.
 */
import type { FrameLetter } from "./framing-letters";

/** Prefixes per frame; the neutral letter's cues are service and agenda words. */
export const FRAMING_LEXICON: Readonly<Record<FrameLetter, readonly string[]>> = {
  C: [
    "choc", "choque", "enfrent", "acusa", "ataca", "atacan", "arremet", "critic", "rompe", "ruptur", "amenaz", "desafi", "pulso",
    "guerra", "batalla", "duelo", "disput", "tension", "rifirraf", "reproch", "replica", "bronc", "crispa", "bloque", "tumbar",
    "rebela", "protest", "divid", "division", "rival", "contraata", "ultimatum", "represali", "greña", "grena", "planta", "carga contra",
    "cruce de", "se atacan", "abandona", "denuncia",
  ],
  H: [
    "historia", "vida", "vidas", "famili", "madre", "padre", "hijo", "hija", "niño", "nino", "niña", "nina", "abuel", "emoti", "conmov",
    "emocion", "lagrima", "drama", "relata", "testimoni", "sobreviv", "supervivient", "soledad", "esperanza", "sueño", "sueno", "vecino",
    "joven", "ancian", "gesto", "homenaj", "abrazo", "reencuentr", "mi ", "su hija", "su hijo", "pequeñ", "pequen", "boda", "carta",
  ],
  E: [
    "euro", "millon", "precio", "coste", "costar", "costo", "economi", "empleo", "paro", "salari", "sueldo", "inflacion", "impuest",
    "fiscal", "tipos", "hipotec", "bolsa", "ibex", "pib", "deficit", "deuda", "factura", "recaud", "ahorr", "mercado", "empresa",
    "perdida", "gananci", "benefici", "crecimient", "invers", "presupuest", "arancel", "exporta", "consumo", "tarifa", "encarec",
    "abarat", "cotiza", "afiliad", "euribor", "quiebra", "rentab", "ayudas",
  ],
  M: [
    "moral", "inmoral", "etica", "etico", "dignidad", "digna", "valores", "principio", "iglesia", "obispo", "papa", "fe ", "pecado",
    "perdon", "justo", "injust", "verguenza", "hipocres", "decencia", "solidari", "egois", "compasion", "bondad", "deber", "religio",
    "catolic", "vatican", "conciencia", "honest", "respeto", "aborto", "eutanasia", "reza", "cardenal", "episcopal", "feligres",
    "ejemplar", "dilema", "culpa colectiva",
  ],
  R: [
    "responsab", "culpa", "culpable", "investiga", "imputa", "fiscalia", "juez", "jueza", "tribunal", "sentencia", "condena",
    "negligen", "fallo", "error", "auditor", "informe", "exige", "insta", "reclama", "promete", "medidas", "plan ", "soluci",
    "resolver", "indemniz", "reparar", "dimite", "dimision", "gestion", "atribuy", "achaca", "señala", "senala", "admite",
    "reconoce", "asume", "depurar", "diligencia", "explicacion", "obliga", "deberá", "debera", "tendrá que", "tendra que",
  ],
  N: [
    "horario", "programa", "agenda", "tiempo", "prevision", "receta", "guia", "como ", "calendario", "estreno", "estrena", "festival",
    "exposicion", "museo", "concierto", "partido", "jornada", "liga", "temporada", "resultado", "gira", "premio", "inaugura",
    "nuevo", "nueva", "farmacia", "loteria", "ruta", "playa", "lluvia", "ficha", "presenta",
  ],
};
