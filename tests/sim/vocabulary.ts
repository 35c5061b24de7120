/**
 * Word lists for generated news. Every person and place is fictional; the lists
 * are long enough that headlines look varied, and full of Spanish accents (á, é,
 * ñ, ¿, €) so encoding bugs show.
 */

/** A newspaper section: URL slug and display name. */
export interface Section {
  readonly slug: string;
  readonly name: string;
}

/** A person who acts in a headline: "la ministra de Hacienda" + "Elena Rocafort". */
export interface Actor {
  readonly role: string;
  readonly name: string;
}

/** A verb family: synonyms that outlets swap between for the same story. */
export interface Action {
  readonly verbs: readonly string[];
  /** A quote the actor might give; `{topic}`/`{Topic}`/`{amount}` are filled in. */
  readonly quote: string;
  /** Whether the object takes an amount ("aprueba 120 millones para …"). */
  readonly funds?: boolean;
}

/** What a section writes about: its people and its subjects. */
export interface SectionVocabulary {
  readonly section: Section;
  readonly actors: readonly Actor[];
  readonly topics: readonly string[];
}

const s = (slug: string, name: string): Section => ({ slug, name });
const a = (role: string, name: string): Actor => ({ role, name });

/** News sections with their actors and topics (opinion is handled apart). */
export const NEWS_SECTIONS: readonly SectionVocabulary[] = [
  {
    section: s("politica", "Política"),
    actors: [
      a("la ministra de Hacienda", "Elena Rocafort"),
      a("el líder de la oposición", "Julián Barbastro"),
      a("la presidenta regional", "Marta Escandell"),
      a("el portavoz del Gobierno", "Ignacio Larrañaga"),
      a("la alcaldesa de Peñablanca", "Begoña Urquijo"),
    ],
    topics: [
      "la reforma del reglamento parlamentario",
      "el plan de vivienda",
      "los presupuestos regionales",
      "la ley de costas",
      "la financiación autonómica",
      "el adelanto electoral en Valdelumbre",
    ],
  },
  {
    section: s("economia", "Economía"),
    actors: [
      a("el consejero de Economía", "Andrés Quiroga"),
      a("la presidenta de la patronal", "Lucía Arambarri"),
      a("el líder sindical", "Fermín Otazu"),
      a("la gobernadora del banco regional", "Pilar Sagasta"),
    ],
    topics: [
      "la subida del precio del aceite",
      "el rescate de la Naviera del Cantábrico",
      "la huelga del metro",
      "las ayudas al campo",
      "el impuesto a los pisos turísticos",
      "el salario mínimo",
    ],
  },
  {
    section: s("internacional", "Internacional"),
    actors: [
      a("el canciller de Valtoria", "Edmund Krasny"),
      a("la embajadora en Puerto Sereno", "Carmen Oñate"),
      a("el mediador de la cumbre", "Tomás Ilundain"),
    ],
    topics: [
      "el acuerdo pesquero con Valtoria",
      "la cumbre de Puerto Sereno",
      "la crisis fronteriza de Ostrenia",
      "las elecciones en la República de Calima",
    ],
  },
  {
    section: s("sociedad", "Sociedad"),
    actors: [
      a("el consejero de Sanidad", "Rodrigo Cendón"),
      a("la rectora de la Universidad de Riberalta", "Inés Zubiaurre"),
      a("el director del hospital comarcal", "Óscar Villamañán"),
      a("la defensora del pueblo", "Adela Montiel"),
    ],
    topics: [
      "la sequía",
      "el cierre del hospital comarcal",
      "las listas de espera",
      "el nuevo calendario escolar",
      "la ola de calor",
      "el precio del alquiler en Castrofrío",
    ],
  },
  {
    section: s("cultura", "Cultura"),
    actors: [
      a("la directora del festival", "Nuria Valcárcel"),
      a("el escritor", "Ramiro Echániz"),
      a("la conservadora del museo de Castrofrío", "Amparo Lezcano"),
    ],
    topics: [
      "el festival de cine de San Quirico",
      "la restauración del retablo de Valdelumbre",
      "el premio de novela Ciudad de Alcornoque",
      "la nueva biblioteca de Monteoscuro",
    ],
  },
  {
    section: s("deportes", "Deportes"),
    actors: [
      a("el entrenador del Atlético Valdelumbre", "Rafael Oyarzun"),
      a("la capitana de la selección", "Ainhoa Ibargüen"),
      a("el presidente del Riberalta CF", "Gonzalo Muñiz"),
    ],
    topics: [
      "el fichaje del delantero Iker Solano",
      "la final de copa en Villaficticia",
      "el descenso del Atlético Valdelumbre",
      "el nuevo estadio de Tierra Baja",
    ],
  },
  {
    section: s("tecnologia", "Tecnología"),
    actors: [a("la secretaria de Estado de Digitalización", "Sonia Bergara"), a("el fundador de Nubeluz", "Álvaro Peñalver")],
    topics: [
      "el apagón de la red móvil",
      "la inteligencia artificial en las aulas",
      "el centro de datos de Tierra Baja",
      "la ciberestafa del falso SMS",
    ],
  },
];

/** The opinion section: columns, never part of a multi-outlet story. */
export const OPINION: Section = s("opinion", "Opinión");

/** Fictional towns. */
export const PLACES: readonly string[] = [
  "Villaficticia",
  "Puerto Sereno",
  "Valdelumbre",
  "San Quirico del Monte",
  "Tierra Baja",
  "Alcornoque de la Sierra",
  "Riberalta",
  "Monteoscuro",
  "Castrofrío",
  "Peñablanca",
  "Santa Eulalia del Páramo",
  "Villanueva de la Niebla",
];

/** Verb families shared by all sections. */
export const ACTIONS: readonly Action[] = [
  { verbs: ["anuncia", "promete", "aprueba", "destina"], quote: "Habrá {amount} millones para {topic}", funds: true },
  { verbs: ["critica", "carga contra", "denuncia", "arremete contra"], quote: "{Topic} es un error que pagaremos todos" },
  { verbs: ["investiga", "pide explicaciones por", "abre una investigación sobre"], quote: "Queremos saber qué pasó con {topic}" },
  { verbs: ["retrasa", "aplaza", "congela"], quote: "{Topic} tendrá que esperar unos meses" },
  { verbs: ["defiende", "respalda", "sale en defensa de"], quote: "{Topic} es la mejor opción que tenemos" },
  { verbs: ["rechaza", "tumba", "frena"], quote: "No aceptaremos {topic} así" },
];

/** Staff bylines (plus the agencies, which sign wire copy). */
export const AUTHORS: readonly string[] = [
  "Ana Pérez Lobato",
  "Javier Ruiz Ferrán",
  "María José Calvo",
  "Daniel Sáez Oliva",
  "Lucía Montero",
  "Pablo Echegaray",
  "Irene Castañeda",
  "Sergio Bañuelos",
  "Laura Villalba",
  "Marcos Ibáñez",
  "Elena Goñi",
  "Raúl Ordóñez",
  "Carla Quintana",
  "Hugo Arrieta",
];

/** Wire agencies whose copy several outlets run nearly verbatim. */
export const AGENCIES: readonly string[] = ["EFE", "Europa Press"];

/** Syllables for pseudo-words: the per-article tokens that make body text greppable. */
export const SYLLABLES: readonly string[] = [
  "ra",
  "ve",
  "lun",
  "to",
  "mi",
  "sar",
  "quel",
  "do",
  "bri",
  "na",
  "zor",
  "te",
  "li",
  "pan",
  "gu",
  "ros",
  "fe",
  "mal",
  "ci",
  "tor",
  "vo",
  "ne",
  "dar",
  "ju",
];

/** Opinion column titles (the columnist's topic is filled in). */
export const COLUMN_TITLES: readonly string[] = [
  "Lo que no se cuenta de {topic}",
  "Carta abierta sobre {topic}",
  "¿Alguien piensa en {topic}?",
  "{Topic}, otra vez",
  "El silencio sobre {topic}",
];
