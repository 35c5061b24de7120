/**
 * Keyset pagination cursors (SPEC WEB-3): the sort key of the last row of a page, as
 * opaque base64url JSON. A client passes it back as `cursor` to get the rows after it.
 */
import { badParameter } from "./errors";

/** A sort key: whole numbers only (ids, epoch milliseconds). */
export type CursorKey = readonly number[];

/** The cursor text for a sort key. */
export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify(key)).toString("base64url");
}

/** The sort key of `text`, which must have `length` whole numbers; otherwise a 400. */
export function decodeCursor(text: string, length: number): CursorKey {
  const fail = () => badParameter("cursor", "cursor is not one this API gave out");
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(text)) throw fail();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    throw fail();
  }
  if (!Array.isArray(value) || value.length !== length || !value.every((n) => Number.isSafeInteger(n) && n >= 0)) throw fail();
  return value as number[];
}
