/**
 * Reads a small urlencoded form body with a hard size cap (SEC-2: oversized bodies are
 * refused while reading, never buffered whole) and refuses control characters in it.
 */
import { controlCharacterProblem } from "./control-characters";

/** The form's fields, or the reason it was refused. */
export async function readForm(
  request: Request,
  maxBytes: number,
): Promise<{ ok: true; fields: Record<string, string> } | { ok: false; status: number; reason: string }> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded"))
    return { ok: false, status: 415, reason: "El formulario debe enviarse desde la página." };
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) return { ok: false, status: 413, reason: "El formulario es demasiado grande." };
  const reader = request.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        return { ok: false, status: 413, reason: "El formulario es demasiado grande." };
      }
      chunks.push(value);
    }
  }
  const text = new TextDecoder("utf-8", { fatal: false }).decode(Buffer.concat(chunks));
  const params = new URLSearchParams(text);
  // Checked here, where every form's post is read, so no handler meets a NUL at its query.
  const control = controlCharacterProblem(params);
  if (control) return { ok: false, status: 400, reason: control };
  const fields: Record<string, string> = {};
  for (const [key, value] of params) {
    if (key in fields) return { ok: false, status: 400, reason: `El campo «${key}» aparece más de una vez.` };
    fields[key] = value;
  }
  return { ok: true, fields };
}
