/** A list of names that a page cut short, with how many were left out: "A, B, C y 4 más". Pure. */
import { formatList, formatNumber } from "./format";

/** `names` joined in Spanish; when `total` exceeds them, the rest as a number, never a bare "y otras". */
export function namesAndRest(names: readonly string[], total: number): string {
  const rest = total - names.length;
  if (rest <= 0) return formatList(names);
  return `${names.join(", ")} y ${formatNumber(rest)} más`;
}
