/**
 * Fictional names drawn per event: a person's surname and a town made of syllables, so two
 * events on one topic ("el plan de vivienda") carry different names and places, as real news
 * does, while every outlet covering one event names the same ones. Names never carry digits,
 * so they cannot be mistaken for the per-article text tokens of prose.ts.
 */
import type { Dice, DrawKey } from "./dice";

const NAME_SYLLABLES: readonly string[] = [
  "bar",
  "ce",
  "dal",
  "ga",
  "lo",
  "mer",
  "ni",
  "qui",
  "ro",
  "sal",
  "ta",
  "ve",
  "za",
  "bel",
  "cor",
  "du",
  "fe",
  "lan",
  "mo",
  "pe",
  "rri",
  "san",
  "to",
  "ur",
];

const FIRST_NAMES: readonly string[] = [
  "Alba",
  "Bruno",
  "Clara",
  "Diego",
  "Estela",
  "Fidel",
  "Gema",
  "Héctor",
  "Lorena",
  "Mateo",
  "Noelia",
  "Rubén",
  "Silvia",
  "Teodoro",
  "Vera",
  "Xavier",
];

const SURNAME_ENDINGS: readonly string[] = ["ez", "a", "o", "ena", "ara", "iaga", "ín", "eda"];
const PLACE_PREFIXES: readonly string[] = ["", "", "", "Villa", "San ", "Puerto ", "Santa ", "Castro"];
const PLACE_ENDINGS: readonly string[] = ["", "a", "o", "illa", "ejo", "ares"];

function word(dice: Dice, key: DrawKey, what: string, syllables: number): string {
  return Array.from({ length: syllables }, (_, i) => dice.pick(NAME_SYLLABLES, ...key, what, i)).join("");
}

const upper = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A person's full name, e.g. "Lorena Salcorara". */
export function drawPersonName(dice: Dice, key: DrawKey): string {
  const surname = word(dice, key, "surname", dice.int(2, 3, ...key, "surname-length")) + dice.pick(SURNAME_ENDINGS, ...key, "ending");
  return `${dice.pick(FIRST_NAMES, ...key, "first")} ${upper(surname)}`;
}

/** A town, e.g. "Villatamero" or "San Cordulo". */
export function drawPlaceName(dice: Dice, key: DrawKey): string {
  const prefix = dice.pick(PLACE_PREFIXES, ...key, "prefix");
  const base = word(dice, key, "place", dice.int(2, 3, ...key, "place-length")) + dice.pick(PLACE_ENDINGS, ...key, "place-ending");
  return prefix === "" || prefix.endsWith(" ") ? `${prefix}${upper(base)}` : `${prefix}${base}`;
}
