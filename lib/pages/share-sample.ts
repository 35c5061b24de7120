/**
 * Whether a comparative share may be published (SPEC WEB-7): one rule for every share a page,
 * an export or the API prints. A share is "no medible" when its denominator is empty, too
 * small (enough-data.ts), or biased by construction — when most of the sample entered it for
 * the very trait being counted, as agency-signed pieces do when an outlet reserves its bodies
 * (TDM) and only the signature can be judged. Pure.
 */
import { ENOUGH_DATA, enoughData, type DataKind } from "./enough-data";
import { formatCount } from "./format";

/**
 * The largest part of a sample that may have been admitted by the trait it measures, or left
 * unread, before the share stops describing the outlet: above it the figure says more about what
 * we could read than about what was published.
 */
export const BIASED_SAMPLE_MAX = 0.25;

/** A share, or why none can be given. */
export type ShareVerdict =
  { measurable: true; share: number } | { measurable: false; reason: "sin-datos" | "pocos-datos" | "muestra-sesgada"; why: string };

/** The facts of one share: how many items carry the trait, the denominator, and how many of the denominator were read without bias. */
export interface ShareSample {
  part: number;
  whole: number;
  /** Items of `whole` judged on equal terms (body read); the rest entered or were valued by a shortcut. */
  unbiased: number;
  kind: DataKind;
}

/** Sentence printed when the sample is biased: the body was not read, so only signed pieces can be judged. */
export const BIASED_WHY =
  "no hemos leído el texto de buena parte de sus noticias (reserva de minería de textos, muro de pago o aún sin leer): sin leerlas solo podemos juzgar las que firma una agencia, y la proporción saldría sesgada por construcción";

/** The one rule: a share, or "no medible" and why. */
export function shareVerdict(s: ShareSample): ShareVerdict {
  if (s.whole <= 0) return { measurable: false, reason: "sin-datos", why: "sin datos" };
  if (s.whole - s.unbiased > BIASED_SAMPLE_MAX * s.whole) return { measurable: false, reason: "muestra-sesgada", why: BIASED_WHY };
  if (!enoughData(s.kind, s.whole)) {
    const t = ENOUGH_DATA[s.kind];
    return {
      measurable: false,
      reason: "pocos-datos",
      why: `aún pocos datos (${formatCount(s.whole, t.one, t.many)}; hacen falta ${t.min})`,
    };
  }
  return { measurable: true, share: s.part / s.whole };
}
