/**
 * Documentation (Spanish) of the analysis blocks in the detail endpoints (SPEC WEB-3,
 * DER-10, DER-11), rendered on /datos; a unit test checks every key they serve is here.
 */

/** One documented block: where it is served, what it is, and its keys. */
export interface AnalysisBlockDoc {
  key: string;
  endpoint: string;
  summary: string;
  fields: Record<string, string>;
}

/** The blocks, in the order /datos lists them. */
export const ANALYSIS_BLOCK_DOCS: readonly AnalysisBlockDoc[] = [
  {
    key: "agency_genealogy",
    endpoint: "/api/v1/stories/{id}",
    summary:
      "Genealogía de la copia de agencia: las copias de agencia de la historia, de la primera a la última (por la hora que declara cada cabecera, o la de nuestra primera vista). Lista vacía si la historia no tiene copias de agencia.",
    fields: {
      article_id: "Artículo de la copia.",
      outlet: "Slug de la cabecera que la publicó.",
      agency: "Agencia («Agencia sin identificar» si es casi idéntica a otra copia y ninguna nombra agencia).",
      published_at: "Hora de publicación que declara la cabecera (puede faltar).",
      first_seen_at: "Primera vez que la vimos.",
      first_headline: "Su primer titular (el aviso de titular retenido si la cabecera pidió «sin titulares literales»).",
      current_headline: "Su titular más reciente; igual al primero si nunca lo cambió.",
      headline_versions: "Número de titulares distintos.",
      credit_line:
        "kept: conserva la firma o la línea de crédito de la agencia; dropped: no la lleva (la detectamos por el texto casi idéntico); unknown: no leímos su texto.",
      reference_copy: "true en la copia más temprana con texto leído, de la que se miden las distancias.",
      edit_bits:
        "Bits distintos (de 64) entre el SimHash de su texto y el de la copia de referencia: 0 = mismas palabras. null sin resumen del texto.",
      edit_band: "La distancia en palabras: identica (0), retocada (1–3), editada (4–12), reescrita (13 o más).",
    },
  },
  {
    key: "agency_front_page_share",
    endpoint: "/api/v1/outlets/{slug}",
    summary:
      "Cuánta agencia hay en su portada: por día peninsular de los últimos 7 (hoy incluido), los minutos que estuvieron en su portada teletipos de agencia frente a todos. null si la cabecera pidió «sin posición».",
    fields: {
      day: "Comienzo del día peninsular (00:00, hora de Madrid), en UTC.",
      agency_minutes: "Minutos de teletipos en la portada ese día (sumados noticia a noticia).",
      front_page_minutes: "Minutos de todas las noticias en la portada ese día.",
      agency_share:
        "agency_minutes ÷ front_page_minutes; null cuando no es medible (ver not_measurable): la misma regla que la página de la cabecera y /cabeceras.",
      not_measurable:
        "null si agency_share es una cifra; si no: sin-datos (ese día no hubo capturas o aún no la leíamos), pocos-datos (menos minutos de portada de los necesarios) o muestra-sesgada (no leímos el texto de la mayoría de lo que hubo en portada: cuenta como propio y la parte de agencia saldría hundida).",
      not_measurable_why: "La razón en palabras, como la imprime la página; null si agency_share es una cifra.",
    },
  },
  {
    key: "silences",
    endpoint: "/api/v1/outlets/{slug}",
    summary:
      "Silencios: historias de los últimos 7 días que contaron al menos min_share de las cabeceras seguidas (y nunca menos de min_carriers) y que esta no publicó (no-publicada) o nunca llevó a los top_rank primeros puestos de su portada (fuera-de-cabeza). La regla y su tasa de falsos positivos están en /metodologia.",
    fields: {
      from: "Inicio del periodo.",
      to: "Fin del periodo.",
      min_share: "Parte de las cabeceras seguidas que debe contar una historia (0–1).",
      min_carriers: "Cabeceras que, como mínimo, deben contarla, sean cuantas sean las seguidas.",
      carriers_needed:
        "Cabeceras que debían contarla en este periodo (la mayor de las dos condiciones); null si seguimos demasiado pocas para juzgar.",
      widely_carried_stories:
        "Historias del periodo que alcanzaron carriers_needed: con 0 no había nada que dejar fuera (no es un «todo bien»).",
      finding:
        "no-medible (demasiado pocas cabeceras comparables, o no la seguimos, o no agrupamos sus noticias), sin-historias-compartidas (ninguna historia alcanzó el umbral), ninguno (las publicó todas) o silencios.",
      top_rank: "Puesto de portada por encima del cual una historia cuenta como destacada.",
      followed_outlets: "Cabeceras seguidas en el periodo: con su portada capturada en al menos la mitad de las horas.",
      judged:
        "false si no seguimos esta cabecera la mayor parte del periodo, o si pidió «sin anotación de modelo» y sus noticias no se agrupan en historias (entonces no hay silencios).",
      positions_judged: "false si la cabecera pidió «sin posición»: solo se listan historias no publicadas.",
      stories:
        "Las historias (lista): story_id, kind (no-publicada o fuera-de-cabeza), carried_by (cabeceras seguidas que la contaron), best_rank (su mejor puesto, o null) y key_terms.",
    },
  },
];
