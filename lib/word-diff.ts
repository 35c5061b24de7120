/**
 * A word-level diff of two headlines (SPEC WEB-1: the article page shows what each
 * headline change altered). Longest common subsequence over whitespace-separated
 * words; headlines are short, so the quadratic table is cheap.
 */

/** One run of words kept, removed from the old headline or added in the new one. */
export interface DiffPart {
  kind: "same" | "removed" | "added";
  text: string;
}

/** Beyond this many words per side the diff is "all removed, all added" (no quadratic table). */
const MAX_WORDS = 400;

function words(text: string): string[] {
  return text.split(/\s+/).filter((w) => w !== "");
}

/** Append `word` to `parts`, merging with the previous run of the same kind. */
function push(parts: DiffPart[], kind: DiffPart["kind"], word: string): void {
  const last = parts[parts.length - 1];
  if (last && last.kind === kind) last.text = `${last.text} ${word}`;
  else parts.push({ kind, text: word });
}

/** The word runs that turn `before` into `after`, in reading order; removals come before additions at a change. */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = words(before);
  const b = words(after);
  const parts: DiffPart[] = [];
  if (a.length > MAX_WORDS || b.length > MAX_WORDS) {
    for (const w of a) push(parts, "removed", w);
    for (const w of b) push(parts, "added", w);
    return parts;
  }
  // lcs[i][j]: length of the longest common subsequence of a[i..] and b[j..].
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      push(parts, "same", a[i]!);
      i++;
      j++;
    } else if (j >= b.length || (i < a.length && lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) {
      push(parts, "removed", a[i]!);
      i++;
    } else {
      push(parts, "added", b[j]!);
      j++;
    }
  }
  return parts;
}
