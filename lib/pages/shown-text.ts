/**
 * Text people sent us, as it is shown (SPEC SEC-2): a reply is stored as received, but
 * Unicode's bidirectional controls (U+202A–U+202E embeddings and overrides, U+2066–U+2069
 * isolates, the LRM/RLM/ALM marks) are left out when it is displayed, so a reply cannot
 * reorder what the reader sees ("‮gpj.exe") or spill its direction into our own text.
 */

const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** `text` without bidirectional control characters. */
export function shownText(text: string): string {
  return text.replace(BIDI_CONTROLS, "");
}
