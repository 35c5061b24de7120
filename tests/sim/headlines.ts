/**
 * Headline generation. A story has one core (who, does what, about what, where);
 * each outlet, and each rewrite, renders the core in a different "style", so the
 * same story reads similar but not identical across outlets (what the clustering
 * benchmark needs), and a rewrite changes the words, not the news.
 */
import type { Dice, DrawKey } from "./dice";
import { drawPersonName, drawPlaceName } from "./names";
import { ACTIONS, COLUMN_TITLES, NEWS_SECTIONS, OPINION, PLACES, type Action, type Actor, type Section } from "./vocabulary";

/** The facts behind one piece of news; every headline about it is built from these. */
export interface NewsCore {
  section: Section;
  actor: Actor;
  action: Action;
  topic: string;
  place: string;
  /** Millions, for actions that fund something. */
  amount: number;
  /** An opinion column rather than news. */
  opinion: boolean;
}

/** How many distinct sentence shapes `headlineFor` knows; styles cycle through them. */
export const TEMPLATE_COUNT = 8;

const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Spanish contractions: "de el" → "del", "a el" → "al" (lower-case only, so "de El Faro" stays). */
export function contract(text: string): string {
  return text.replace(/\bde el\b/g, "del").replace(/\ba el\b/g, "al");
}
const surname = (actor: Actor) => actor.name.split(" ").at(-1) ?? actor.name;

/** Share of events whose protagonist is one of the section's recurring people (the rest are named for the event). */
export const RECURRING_ACTOR_SHARE = 0.03;
/** Share of events set in one of the recurring towns. */
export const RECURRING_PLACE_SHARE = 0.05;

/**
 * Draws a news core; `opinion` makes it a column. The topic and the role come from the
 * section's shared vocabulary; most events name their own person and town, so two events on
 * one topic share topic words but not names (what tells real events apart).
 */
export function drawCore(dice: Dice, key: DrawKey, opinion = false): NewsCore {
  const vocab = dice.pick(NEWS_SECTIONS, ...key, "section");
  const recurring = dice.pick(vocab.actors, ...key, "actor");
  return {
    section: opinion ? OPINION : vocab.section,
    actor:
      dice.unit(...key, "recurring-actor") < RECURRING_ACTOR_SHARE
        ? recurring
        : { role: recurring.role, name: drawPersonName(dice, [...key, "person"]) },
    action: dice.pick(ACTIONS, ...key, "action"),
    topic: dice.pick(vocab.topics, ...key, "topic"),
    place:
      dice.unit(...key, "recurring-place") < RECURRING_PLACE_SHARE
        ? dice.pick(PLACES, ...key, "place")
        : drawPlaceName(dice, [...key, "town"]),
    amount: dice.pick([3, 12, 45, 80, 120, 300, 1200], ...key, "amount"),
    opinion,
  };
}

/** Fills `{topic}`, `{Topic}` and `{amount}` in a phrase. */
function fill(phrase: string, core: NewsCore): string {
  return phrase.replaceAll("{topic}", core.topic).replaceAll("{Topic}", upperFirst(core.topic)).replaceAll("{amount}", String(core.amount));
}

/** Generic objects: an outlet may name the event by its people and place alone, as real headlines paraphrase one another. */
const GENERIC_OBJECTS: readonly string[] = ["la propuesta", "el acuerdo", "la medida", "el plan"];

/** The object of the verb; money phrasing varies so "€" appears in some headlines; one style in three leaves the topic out. */
function objectOf(core: NewsCore, style: number): string {
  const topic = style % 3 === 2 ? (GENERIC_OBJECTS[style % GENERIC_OBJECTS.length] ?? core.topic) : core.topic;
  if (!core.action.funds) return topic;
  const money = [`${core.amount} millones`, `${core.amount} millones de euros`, `${core.amount} M€`][style % 3];
  return `${money} para ${topic}`;
}

/** The headline for a core in a given style (any non-negative integer). */
export function headlineFor(core: NewsCore, style: number): string {
  return contract(rawHeadline(core, style));
}

function rawHeadline(core: NewsCore, style: number): string {
  if (core.opinion) return upperFirst(fill(COLUMN_TITLES[style % COLUMN_TITLES.length] ?? "{Topic}", core));
  const verbs = core.action.verbs;
  const verb = verbs[Math.floor(style / TEMPLATE_COUNT) % verbs.length] ?? verbs[0];
  const obj = objectOf(core, Math.floor(style / 3));
  const subject = [`${core.actor.role} ${core.actor.name}`, surname(core.actor), core.actor.role][style % 3] ?? "";
  const Subject = upperFirst(subject);
  switch (style % TEMPLATE_COUNT) {
    case 0:
      return `${Subject} ${verb} ${obj}`;
    case 1:
      return `${Subject} ${verb} ${obj} en ${core.place}`;
    case 2:
      return `${core.place}: ${subject} ${verb} ${obj}`;
    case 3:
      return `${surname(core.actor)}: «${fill(core.action.quote, core)}»`;
    case 4:
      return `¿Por qué ${subject} ${verb} ${obj}?`;
    case 5:
      return `Última hora | ${Subject} ${verb} ${obj}`;
    case 6:
      return `${Subject} ${verb} ${obj} tras semanas de polémica`;
    default:
      return `${Subject} ${verb} ${obj}: las claves`;
  }
}

/** The first style after `from` whose headline differs from `text` (so a rewrite is a real change). */
export function nextDistinctStyle(core: NewsCore, from: number, text: string): number {
  for (let style = from; style < from + 4 * TEMPLATE_COUNT; style++) {
    if (headlineFor(core, style) !== text) return style;
  }
  return from;
}
