/**
 * Generated Spanish headlines: subject, verb, object and complement from an invented
 * vocabulary, with quotes, questions, numbers and prefixes now and then; rewrites and
 * A/B variants change a part of the same headline.
 */
import type { Random } from "./random";
import { COMPLEMENTS, OBJECTS, PREFIXES, QUOTES, SUBJECTS, VERBS } from "./vocabulary";

/** The parts a headline is made of. */
export interface HeadlineParts {
  subject: string;
  verb: string;
  object: string;
  complement: string;
}

/** Random parts, or the story's subject and object when the article belongs to one. */
export function headlineParts(random: Random, story?: { subject: string; object: string }): HeadlineParts {
  return {
    subject: story?.subject ?? random.pick(SUBJECTS),
    verb: random.pick(VERBS),
    object: story?.object ?? random.pick(OBJECTS),
    complement: random.pick(COMPLEMENTS),
  };
}

/** The headline text of `parts`, in one of a few shapes. */
export function headlineText(random: Random, p: HeadlineParts): string {
  const shape = random.weighted(["plain", "short", "quote", "question", "prefix", "number"], [40, 20, 12, 8, 10, 10]);
  switch (shape) {
    case "short":
      return `${p.subject} ${p.verb} ${p.object}`;
    case "quote":
      return `${p.subject}: ${random.pick(QUOTES)}`;
    case "question":
      return `¿${capitalise(p.verb)} ${p.subject.toLowerCase()} ${p.object}?`;
    case "prefix":
      return `${random.pick(PREFIXES)} ${p.subject.toLowerCase()} ${p.verb} ${p.object}`;
    case "number":
      return `${p.subject} ${p.verb} ${p.object}: ${random.int(2, 90)} claves`;
    default:
      return `${p.subject} ${p.verb} ${p.object} ${p.complement}`;
  }
}

/** A rewrite of `text`: another complement or verb, never the same text. */
export function rewrite(random: Random, p: HeadlineParts, text: string): string {
  for (let i = 0; i < 5; i++) {
    const next = random.chance(0.5)
      ? `${p.subject} ${random.pick(VERBS)} ${p.object} ${random.pick(COMPLEMENTS)}`
      : `${p.subject} ${p.verb} ${p.object} ${random.pick(COMPLEMENTS)}`;
    if (next !== text) return next;
  }
  return `${text} (actualizado)`;
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
