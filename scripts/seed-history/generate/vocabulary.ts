/**
 * Invented Spanish words for generated headlines, names and places. Nothing here comes
 * from a real outlet (SPEC STO-3 spirit: the generated year carries no outlet's text).
 */

export const NAME_FIRST = ["El", "La", "Diario", "Crónica", "Heraldo", "Voz", "Gaceta", "Noticias", "Correo", "Eco", "Faro", "Mirador"];
export const NAME_SECOND = [
  "de Valdemora", "del Sur", "del Norte", "Atlántico", "de la Meseta", "Ribereño", "de Puerto Sereno", "Castellano", "del Levante",
  "de Almenara", "Insular", "de la Sierra", "Digital", "Mediterráneo", "de Castroviejo", "Cantábrico", "del Valle", "Central",
  "de Ríoseco", "Peninsular", "de Torrealta", "Comarcal", "del Estrecho", "Montañés", "de Villaclara",
];

export const SECTIONS = ["Política", "Economía", "Internacional", "Sociedad", "Deportes", "Cultura", "Tecnología", "Opinión", "Local"];
export const SECTION_WEIGHTS = [18, 14, 12, 16, 14, 8, 5, 7, 6];

export const AGENCIES = ["EFE", "Europa Press", "Servimedia", "Reuters", "AFP"];
export const AGENCY_WEIGHTS = [40, 40, 8, 6, 6];

export const FIRST_NAMES = [
  "Ana", "Luis", "Carmen", "Javier", "Lucía", "Pablo", "Marta", "Sergio", "Elena", "Andrés", "Irene", "Raúl", "Nuria", "Álvaro",
  "Beatriz", "Hugo", "Rocío", "Diego", "Sara", "Íñigo", "Teresa", "Marcos", "Inés", "Gonzalo", "Paula", "Jaime", "Noelia", "Víctor",
];
export const SURNAMES = [
  "García", "Martín", "Sánchez", "Ortega", "Navarro", "Romero", "Iglesias", "Castillo", "Vidal", "Serrano", "Molina", "Cabrera",
  "Delgado", "Pastor", "Soler", "Herrera", "Campos", "Vega", "Lozano", "Prieto", "Gallego", "Morales", "Calvo", "Fuentes",
];

export const SUBJECTS = [
  "El Gobierno", "La oposición", "Los sindicatos", "La patronal", "El ayuntamiento de Valdemora", "La consejería de Sanidad",
  "El tribunal regional", "Los agricultores", "La universidad de Castroviejo", "El puerto de Puerto Sereno", "Los vecinos de Almenara",
  "La federación de fútbol", "El banco central", "Los médicos de familia", "La asociación de consumidores", "El club Atlético Ribereño",
  "La comisión de investigación", "Los transportistas", "El servicio meteorológico", "La fiscalía", "Los científicos del instituto marino",
];
export const VERBS = [
  "aprueba", "rechaza", "anuncia", "propone", "denuncia", "aplaza", "investiga", "reclama", "presenta", "critica", "defiende",
  "revisa", "suspende", "celebra", "negocia",
];
export const OBJECTS = [
  "el nuevo plan de vivienda", "la reforma fiscal", "un recorte en el transporte", "la ampliación del hospital", "el calendario escolar",
  "una subida de las tarifas", "el acuerdo pesquero", "la ley de aguas", "el presupuesto municipal", "la fusión de las cajas",
  "el fichaje del delantero", "un plan contra la sequía", "la huelga de limpieza", "el cierre de la fábrica", "el festival de verano",
  "las ayudas al campo", "la red de carriles bici", "el concurso de oposiciones", "la candidatura olímpica", "el parque eólico marino",
];
export const COMPLEMENTS = [
  "tras semanas de negociación", "antes del verano", "en plena polémica", "por sorpresa", "sin el apoyo de los socios",
  "con un coste de 40 millones", "para el próximo curso", "entre críticas de los expertos", "en una votación ajustada",
  "a las puertas de las elecciones", "después del temporal", "con un año de retraso",
];
export const PREFIXES = ["Última hora:", "Directo:", "Exclusiva:", "Análisis:"];
export const QUOTES = ["«No vamos a dar marcha atrás»", "«Es una decisión histórica»", "«Nadie nos ha consultado»", "«Habrá consecuencias»"];

export const KEY_TERMS = [
  "vivienda", "presupuestos", "sequía", "huelga", "sanidad", "elecciones", "temporal", "transporte", "pesca", "energía", "empleo",
  "educación", "incendio", "tribunales", "turismo", "fútbol", "impuestos", "inmigración", "agua", "industria", "pensiones", "puerto",
];
