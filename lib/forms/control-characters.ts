/**
 * Which form fields carry control characters a person cannot have typed (SPEC SEC-2).
 * PostgreSQL refuses U+0000 in text, so a NUL that reached a query failed as if the
 * database were down; the other C0 controls are refused with it so nothing invisible is
 * stored and later shown. TAB and LF are kept (text areas), and CR only before LF (CRLF).
 */

/** C0 controls except TAB (09), LF (0A) and CR (0D), plus a CR not followed by LF. */
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's whole purpose
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]|\r(?!\n)/;

/** True when `text` holds a control character no form field may carry. */
export function hasForbiddenControl(text: string): boolean {
  return FORBIDDEN.test(text);
}

/** The Spanish refusal for field `key`, or undefined when every name and value is clean. */
export function controlCharacterProblem(fields: Iterable<[string, string]>): string | undefined {
  for (const [key, value] of fields) {
    if (hasForbiddenControl(key)) return "El formulario contiene un nombre de campo con caracteres de control: vuelve a cargar la página.";
    if (hasForbiddenControl(value)) {
      return `El campo «${key}» contiene caracteres de control invisibles (por ejemplo, un carácter nulo) que no podemos guardar. Quítalos y vuelve a enviarlo.`;
    }
  }
  return undefined;
}
