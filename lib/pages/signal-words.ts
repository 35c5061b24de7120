/**
 * The signals an outlet publishes (SPEC SIG-1…SIG-4) in reader words: what kind of signal,
 * where we read it and what it says. The crawler records them with short internal codes
 * (crawler/jobs/read-article.ts); none of those codes reaches a page. Pure.
 */

const KIND: Record<string, string> = {
  "tdm-reservation": "Reserva de minería de textos y datos (TDM)",
  "tdm-policy": "Política de minería de textos y datos (TDM)",
  "robots-directive": "Instrucción a los robots en sus páginas",
  "content-usage": "Preferencias de uso por IA (Content-Usage)",
  paywall: "Artículos de pago",
};

const WHERE: Record<string, string> = {
  "tdmrep.json": "su archivo /.well-known/tdmrep.json",
  header: "los encabezados HTTP de sus respuestas",
  meta: "una etiqueta en el código de sus páginas",
  page: "sus páginas de noticias",
};

/** What the usual robots directives ask, for a reader. */
const DIRECTIVE: Record<string, string> = {
  noindex: "que no se indexe la página",
  nofollow: "que no se sigan sus enlaces",
  noarchive: "que no se guarde copia",
  nosnippet: "que no se muestren extractos",
  noai: "que no se use para inteligencia artificial",
  noimageai: "que sus imágenes no se usen para inteligencia artificial",
  none: "que no se indexe ni se sigan sus enlaces",
  all: "sin restricciones",
};

/** The kind of a signal, in reader words. */
export function signalKindLabel(kind: string): string {
  return KIND[kind] ?? "Otra señal";
}

/** Where we read a signal, in reader words. */
export function signalWhereLabel(scope: string): string {
  return WHERE[scope] ?? "sin precisar";
}

/**
 * What a signal says: a sentence, and the outlet's own words when they are worth quoting
 * (a directive, a policy address, a Content-Usage line), never one of our codes.
 */
export function signalValueLabel(kind: string, value: string): { text: string; quoted?: string } {
  if (kind === "tdm-reservation")
    return { text: value === "1" ? "Se reserva los derechos: no leemos el cuerpo de sus artículos" : "No se los reserva" };
  if (kind === "paywall") return { text: "Marca artículos como de pago: no leemos su cuerpo aunque venga en la página" };
  if (kind === "tdm-policy") return { text: "Publica sus condiciones en", quoted: value };
  if (kind === "robots-directive") {
    const directive = value
      .toLowerCase()
      .replace(/^[a-z0-9_-]+:\s*/, "")
      .trim();
    const meaning = DIRECTIVE[directive];
    return meaning ? { text: `Pide ${meaning}`, quoted: value } : { text: "Instrucción", quoted: value };
  }
  return { text: "Dice", quoted: value };
}
