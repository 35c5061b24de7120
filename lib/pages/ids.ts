/**
 * Numeric ids in public addresses (`/noticias/123`, `/historias/45`): only plain positive
 * whole numbers a JavaScript number holds exactly; anything else is an unknown page
 * (a 404), never a database error.
 */

/** The id in `value`, or undefined when it is not a positive safe integer written plainly. */
export function parseIdParam(value: string): number | undefined {
  if (!/^[1-9][0-9]{0,15}$/.test(value)) return undefined;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : undefined;
}
