/**
 * The fictional outlets of the simulated web. Names look like Spanish newspapers
 * but none exists; every domain is under `.test` (RFC 2606), so nothing here can
 * ever reach a real host.
 */

/** One catalogue row: display name and slug (the slug is also the domain label). */
export interface CatalogueEntry {
  readonly name: string;
  readonly slug: string;
  readonly timezone?: string;
}

/** 36 named outlets; `startSimulatedWeb({ outlets })` takes the first N, then generated ones. */
export const CATALOGUE: readonly CatalogueEntry[] = [
  { name: "El Diario de Prueba", slug: "diarioprueba" },
  { name: "La Gaceta del Ensayo", slug: "gacetaensayo" },
  { name: "El Heraldo Simulado", slug: "heraldosimulado" },
  { name: "Crónica de Villaficticia", slug: "cronicavillaficticia" },
  { name: "El Correo de Ningún Sitio", slug: "correoningunsitio" },
  { name: "La Voz del Banco de Pruebas", slug: "vozbancopruebas" },
  { name: "Diario Imaginario", slug: "diarioimaginario" },
  { name: "El Faro Ficticio", slug: "faroficticio" },
  { name: "La Tribuna de Muestra", slug: "tribunamuestra" },
  { name: "El Mensajero Inventado", slug: "mensajeroinventado" },
  { name: "Noticias de Castilla Irreal", slug: "castillairreal" },
  { name: "El Periódico del Simulador", slug: "periodicosimulador" },
  { name: "La Razón Aparente", slug: "razonaparente" },
  { name: "Hoja Informativa de Ejemplo", slug: "hojaejemplo" },
  { name: "El Eco de la Meseta Falsa", slug: "ecomesetafalsa" },
  { name: "Diario del Sur Supuesto", slug: "diariosursupuesto" },
  { name: "El Norte Hipotético", slug: "nortehipotetico" },
  { name: "La Atalaya Digital", slug: "atalayadigital" },
  { name: "Levante Ilusorio", slug: "levanteilusorio" },
  { name: "El Atlántico de Mentira", slug: "atlanticomentira", timezone: "Atlantic/Canary" },
  { name: "Las Provincias de Papel", slug: "provinciaspapel" },
  { name: "El Centinela Virtual", slug: "centinelavirtual" },
  { name: "La Crónica Verosímil", slug: "cronicaverosimil" },
  { name: "El Vigía de Pruebas", slug: "vigiapruebas" },
  { name: "Diario de la Costa Quimérica", slug: "costaquimerica", timezone: "Atlantic/Canary" },
  { name: "El Observador Figurado", slug: "observadorfigurado" },
  { name: "La Opinión Ensayada", slug: "opinionensayada" },
  { name: "El Boletín de Maqueta", slug: "boletinmaqueta" },
  { name: "Periódico Prototipo", slug: "periodicoprototipo" },
  { name: "El Pregonero Sintético", slug: "pregonerosintetico" },
  { name: "La Campana de Prueba", slug: "campanaprueba" },
  { name: "El Avisador Apócrifo", slug: "avisadorapocrifo" },
  { name: "Gaceta de la Sierra Soñada", slug: "sierrasonada" },
  { name: "El Independiente de Maqueta", slug: "independientemaqueta" },
  { name: "Última Hora Ficticia", slug: "ultimahoraficticia" },
  { name: "El Noticiero Ensayo", slug: "noticieroensayo" },
];

/** Most outlets the simulator can serve: named ones first, then `sitio0037.test`… `sitio20000.test`. */
export const MAX_OUTLETS = 20_000;

/**
 * Catalogue row of outlet number `index` (0-based): a named one for the first 36, then a
 * generated one numbered from 37 (`sitio0037`, "Diario Sintético 37"), for benchmarks
 * that need hundreds or thousands of sites. Deterministic: the same index, the same row.
 */
export function catalogueEntry(index: number): CatalogueEntry {
  if (!Number.isInteger(index) || index < 0 || index >= MAX_OUTLETS) {
    throw new RangeError(`outlet index must be 0..${MAX_OUTLETS - 1}, got ${index}`);
  }
  const named = CATALOGUE[index];
  if (named) return named;
  const number = index + 1;
  return { name: `Diario Sintético ${number}`, slug: `sitio${String(number).padStart(4, "0")}` };
}
