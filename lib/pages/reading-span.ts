/**
 * What a table of "the last 7 days" must add when some of its outlets have been read for less:
 * their counts (rewrites, A/B tests, articles) cover only the time read, and a reader comparing
 * them must not take them for a week's.
 */
import { formatMoment } from "./period";

/**
 * The sentence for outlets first read at `readingSince` (null: not read yet) in a window that
 * starts at `start`; null when every outlet read was read since before the window.
 */
export function readingSpanNote(readingSince: readonly (number | null)[], start: number, timeZone: string): string | null {
  const read = readingSince.filter((t): t is number => t !== null);
  const late = read.filter((t) => t > start).sort((a, b) => a - b);
  if (late.length === 0) return null;
  const first = formatMoment(late[0]!, timeZone);
  if (late.length === read.length && late[late.length - 1]! - late[0]! < 3_600_000)
    return `Empezamos a leer estas cabeceras el ${first}: sus cifras cubren el tiempo leído desde entonces, no 7 días.`;
  const last = formatMoment(late[late.length - 1]!, timeZone);
  const which = late.length === 1 ? "Una de estas cabeceras la leemos" : `${late.length} de estas cabeceras las leemos`;
  const since = late.length === 1 ? `desde el ${first}` : `desde entre el ${first} y el ${last}`;
  return `${which} ${since}, menos de 7 días: sus cifras cubren solo el tiempo leído, y no se comparan tal cual con las demás.`;
}

/**
 * The same for one outlet's page: since when it is read, when that is after `start` (the figures'
 * window: the last 7 days, or the period asked for); null otherwise.
 */
export function outletReadingNote(readingSince: number | null, start: number, timeZone: string): string | null {
  if (readingSince === null || readingSince <= start) return null;
  return `Leemos esta cabecera desde el ${formatMoment(readingSince, timeZone)}: antes no hay datos, y las cifras del periodo cubren solo el tiempo leído desde entonces.`;
}
