/** "Cómo citar" (SPEC WEB-9): the citation of the open data in APA-like form and as BibTeX, with its version and the day it was read. Pure. */
import { DATASET_VERSION, DATASET_VERSION_DATE } from "../dataset-version";

/** The citation text of the open data read on `day` (`AAAA-MM-DD`) from `siteUrl`. */
export function citationText(siteUrl: string, day: string): string {
  const year = DATASET_VERSION_DATE.slice(0, 4);
  return `Hemeroscopio (${year}). Hemeroscopio: observatorio abierto de las portadas y los titulares de la prensa (versión ${DATASET_VERSION} de los datos, ${DATASET_VERSION_DATE}) [conjunto de datos]. Consultado el ${day}. ${siteUrl}/datos. Licencia CC BY 4.0.`;
}

/** The same as a BibTeX entry. */
export function citationBibtex(siteUrl: string, day: string): string {
  return [
    `@misc{hemeroscopio_${DATASET_VERSION.replace(/\./g, "_")},`,
    "  author = {{Hemeroscopio}},",
    "  title = {Hemeroscopio: observatorio abierto de las portadas y los titulares de la prensa},",
    `  version = {${DATASET_VERSION}},`,
    `  year = {${DATASET_VERSION_DATE.slice(0, 4)}},`,
    `  url = {${siteUrl}/datos},`,
    `  note = {Conjunto de datos, licencia CC BY 4.0. Consultado el ${day}},`,
    "}",
  ].join("\n");
}
