import { describe, expect, it } from "vitest";
import {
  clusterStories,
  clusterStoriesInSlices,
  DEFAULT_CLUSTER_OPTIONS,
  type ClusterItem,
  type ClusterOptions,
  type Placement,
} from "../../../lib/analysis/cluster";
import { fingerprintTokens, storyFingerprint, tokenHash } from "../../../lib/analysis/fingerprint";
import { documentFrequency, keyTerms } from "../../../lib/analysis/story-terms";

const T0 = Date.parse("2026-03-10T08:00:00Z");
const MIN = 60_000;
const HOUR = 60 * MIN;

const housing = (n: number) =>
  storyFingerprint(
    [
      "La ministra Rocafort aprueba 120 millones para el plan de vivienda",
      "Rocafort: «Habrá 120 millones para el plan de vivienda»",
      "Hacienda destina 120 millones al plan de vivienda de Peñablanca",
    ][n % 3]!,
    `La ministra de Hacienda Elena Rocafort ha anunciado el plan en Peñablanca, según el documento Z${n}.`,
  ).fingerprint;
const football = (n: number) =>
  storyFingerprint(
    ["El Atlético Valdelumbre ficha al delantero Iker Solano", "Oyarzun celebra el fichaje de Iker Solano"][n % 2]!,
    `El entrenador del Atlético Valdelumbre Rafael Oyarzun presentó a Iker Solano en Tierra Baja, según la nota Q${n}.`,
  ).fingerprint;

const item = (articleId: number, outletId: number, at: number, fingerprint: number[], extra: Partial<ClusterItem> = {}): ClusterItem => ({
  articleId,
  outletId,
  at,
  tokens: fingerprintTokens(fingerprint),
  storyId: null,
  pending: true,
  ...extra,
});
const words = (...list: string[]) => [0, ...list.map((w) => tokenHash(w, false)).sort((a, b) => a - b)];
const place = (items: ClusterItem[], options?: ClusterOptions) => clusterStories(items, options).placements;
/** A window of a dozen articles has no rarity to speak of: every word of a six-article story is "rare" here. */
const SMALL_WINDOW: ClusterOptions = { ...DEFAULT_CLUSTER_OPTIONS, rareItems: 8 };

/** 800 articles of their own words (ids from 100): they give a window its size, so a word in six articles is rare in it. */
const windowOfOwnWords = () =>
  Array.from({ length: 800 }, (_, n) => item(100 + n, 7 + (n % 20), T0, words(`relleno${n}`, `palabra${n}`, `texto${n}`)));

/** Placements as groups of article ids, by story. */
function groups(placements: Placement[]): number[][] {
  const by = new Map<string, number[]>();
  for (const p of placements) {
    const key = "storyId" in p ? `s${p.storyId}` : `n${p.newStory}`;
    by.set(
      key,
      [...(by.get(key) ?? []), p.articleId].sort((a, b) => a - b),
    );
  }
  return [...by.values()].sort((a, b) => a[0]! - b[0]!);
}

describe("story clustering", () => {
  it("DER-2: the same story from three outlets becomes one new story; another story stays apart", () => {
    const placements = place([
      item(1, 1, T0, housing(0)),
      item(2, 2, T0 + 5 * MIN, housing(1)),
      item(3, 3, T0 + 12 * MIN, housing(2)),
      item(4, 1, T0 + 3 * MIN, football(0)),
      item(5, 4, T0 + 9 * MIN, football(1)),
    ]);
    expect(groups(placements)).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it("DER-2: an article with no match stays without a story (no story of one)", () => {
    expect(place([item(1, 1, T0, housing(0)), item(2, 2, T0, football(0))])).toEqual([]);
  });

  it("DER-2: a new article joins the existing story of its match; placed articles are not placed again", () => {
    const placements = place([
      item(1, 1, T0, housing(0), { storyId: 77, pending: false }),
      item(2, 2, T0 + MIN, housing(1), { storyId: 77, pending: false }),
      item(3, 3, T0 + 20 * MIN, housing(2)),
    ]);
    expect(placements).toEqual([{ articleId: 3, storyId: 77 }]);
  });

  it("DER-2: matches outside the window are not considered", () => {
    const options = { ...DEFAULT_CLUSTER_OPTIONS, agePenalty: 0 };
    expect(place([item(1, 1, T0, housing(0)), item(2, 2, T0 + 73 * HOUR, housing(1))], options)).toEqual([]);
    expect(place([item(1, 1, T0, housing(0)), item(2, 2, T0 + 71 * HOUR, housing(1))], options)).toHaveLength(2);
  });

  it("DER-2: later coverage must look more alike: the time term turns a match down as the gap grows", () => {
    const a = words("aa", "bb", "cc", "dd");
    const options = { ...DEFAULT_CLUSTER_OPTIONS, threshold: 0.5, agePenalty: 0.2, ageScaleMs: HOUR };
    expect(place([item(1, 1, T0, a), item(2, 2, T0 + 10 * MIN, a)], options)).toHaveLength(2);
    expect(place([item(1, 1, T0, a), item(2, 2, T0 + 3 * HOUR, a)], options)).toHaveLength(2);
    expect(place([item(1, 1, T0, a), item(2, 2, T0 + 48 * HOUR, a)], options)).toEqual([]);
  });

  it("DER-2: outlets covering one event hours apart end in one story", () => {
    expect(
      groups(place([item(1, 1, T0, housing(0)), item(2, 2, T0 + 3 * HOUR, housing(1)), item(3, 3, T0 + 9 * HOUR, housing(2))])),
    ).toEqual([[1, 2, 3]]);
  });

  it("DER-2: one outlet's follow-ups of an event join its story", () => {
    expect(
      groups(place([item(1, 1, T0, housing(0)), item(2, 1, T0 + 2 * HOUR, housing(1)), item(3, 2, T0 + 3 * HOUR, housing(2))])),
    ).toEqual([[1, 2, 3]]);
  });

  it("DER-2: a story whose wording drifts stays one (a clear link to any member is enough)", () => {
    const first = words("aa", "bb", "cc", "x1", "x2", "x3");
    const second = words("aa", "bb", "cc", "dd", "ee", "ff");
    const third = words("dd", "ee", "ff", "y1", "y2", "y3");
    expect(groups(place([item(1, 1, T0, first), item(2, 2, T0 + HOUR, second), item(3, 3, T0 + 2 * HOUR, third)]))).toEqual([[1, 2, 3]]);
  });

  it("DER-2: a link needs a rare word: headlines sharing only words of dozens of the window's articles stay apart", () => {
    const topic = (...extra: string[]) => words("ucrani", "rusi", ...extra);
    const items = Array.from({ length: 24 }, (_, n) => item(n + 1, (n % 6) + 1, T0 + n * MIN, topic(`w${n}`)));
    items.push(item(25, 1, T0 + 30 * MIN, topic("kerch")), item(26, 2, T0 + 40 * MIN, topic("kerch")));
    expect(groups(place(items))).toEqual([[25, 26]]);
  });

  it("DER-2: two described articles link on several words of a big story, which two headlines could not use", () => {
    // 1,000 articles: w1 is in 9 of them, w2–w4 in 20: none is as rare as the headline rule's
    // word (at most 0.75 %, 7 articles), all are within the described rule's (at most 5 % each,
    // one of them at most 1 %, 10 articles).
    const filler = Array.from({ length: 998 }, (_, n) => {
      const story = n < 7 ? "w1" : n < 7 + 54 ? `w${2 + ((n - 7) % 3)}` : undefined;
      return item(n + 10, (n % 6) + 1, T0 + n * MIN, story ? words(story, `g${n}`) : words(`f${n}`, `h${n}`));
    });
    const pair = (withDescription: boolean) => [
      item(1, 1, T0, words("w1", "w2", "w3", "w4", "a1"), { withDescription }),
      item(2, 2, T0 + HOUR, words("w1", "w2", "w3", "w4", "b1"), { withDescription }),
    ];
    expect(groups(place([...filler, ...pair(true)]))).toEqual([[1, 2]]);
    expect(place([...filler, ...pair(false)])).toEqual([]);
  });

  it("DER-2: two described articles sharing one rare word and one other stay apart, where two headlines link", () => {
    const filler = Array.from({ length: 100 }, (_, n) => item(n + 10, (n % 6) + 1, T0 + n * MIN, words(`f${n}`, `h${n}`)));
    const pair = (withDescription: boolean) => [
      item(1, 1, T0, words("kerch", "puente", "a1", "a2"), { withDescription }),
      item(2, 2, T0 + HOUR, words("kerch", "puente", "b1", "b2"), { withDescription }),
    ];
    expect(place([...filler, ...pair(true)])).toEqual([]);
    expect(groups(place([...filler, ...pair(false)]))).toEqual([[1, 2]]);
  });

  it("DER-2: a name of two words that always come together is one shared word: events in one town stay apart", () => {
    const filler = windowOfOwnWords();
    const town = [
      "Alcornoque de la Sierra: el alcalde inaugura la piscina municipal",
      "Incendio en una nave del polígono de Alcornoque de la Sierra",
      "Alcornoque de la Sierra celebra sus fiestas patronales",
      "Detenido un conductor ebrio en Alcornoque de la Sierra",
      "Alcornoque de la Sierra recibe la visita de la consejera de Cultura",
      "Cortes de agua este martes en Alcornoque de la Sierra",
    ].map((headline, n) => item(n + 1, n + 1, T0 + n * MIN, storyFingerprint(headline).fingerprint));
    const linked = (options?: ClusterOptions) => groups(place([...town, ...filler], options)).filter((g) => g[0]! <= 6);
    expect(linked(), "the town's name counts once: no two events share a second word").toEqual([]);
    expect(linked({ ...DEFAULT_CLUSTER_OPTIONS, togetherItems: 0 }), "counted as two words, the name alone links them").not.toEqual([]);
    // One event told twice in that town still links, on the name and its own words.
    const twice = [
      ...town,
      item(7, 7, T0 + 9 * MIN, storyFingerprint("La piscina municipal de Alcornoque de la Sierra abre sus puertas").fingerprint),
    ];
    expect(groups(place([...twice, ...filler])).filter((g) => g[0]! <= 7)).toEqual([[1, 7]]);
  });

  it("DER-2: with `nestedRatio` (measured, not the default), a first name found only beside its surname counts with it as one word", () => {
    const filler = windowOfOwnWords();
    // Twelve events of one person: her full name in six, her surname alone in six more (so the two words are not always
    // together). The first name is rare in the window, the surname is not.
    const person = [
      "Amparo Lezcano inaugura la piscina municipal",
      "Amparo Lezcano visita la nave incendiada del polígono",
      "Amparo Lezcano preside las fiestas patronales",
      "Amparo Lezcano recibe a la consejera de Cultura",
      "Amparo Lezcano estrena el mercado de abastos",
      "Amparo Lezcano entrega los premios escolares",
      "Lezcano anuncia cortes de agua",
      "Lezcano presenta el presupuesto del puerto",
      "Lezcano firma el convenio de la biblioteca",
      "Lezcano responde a la oposición",
      "Lezcano recorre el hospital comarcal",
      "Lezcano cierra el aparcamiento del centro",
    ].map((headline, n) => item(n + 1, (n % 6) + 1, T0 + n * MIN, storyFingerprint(headline).fingerprint));
    const linked = (options?: ClusterOptions) => groups(place([...person, ...filler], options)).filter((g) => g[0]! <= 12);
    expect(linked(), "first name and surname count as two words: the person alone links her events").not.toEqual([]);
    expect(linked({ ...DEFAULT_CLUSTER_OPTIONS, nestedRatio: 2 }), "the first name only echoes the surname").toEqual([]);
  });

  it("DER-2: headlines that share only their commonest words stay apart", () => {
    const news = (n: number) => [
      0,
      ...[tokenHash("gobiern", false), tokenHash("espan", true), tokenHash(`w${n}`, false), tokenHash(`v${n}`, false)].sort(
        (a, b) => a - b,
      ),
    ];
    const items = Array.from({ length: 30 }, (_, n) => item(n + 1, (n % 6) + 1, T0 + n * MIN, news(n)));
    expect(place(items)).toEqual([]);
  });

  it("DER-2: the result does not depend on the order of the input", () => {
    const items = [
      item(1, 1, T0, housing(0)),
      item(2, 2, T0 + 5 * MIN, housing(1)),
      item(3, 3, T0 + 7 * MIN, football(0)),
      item(4, 4, T0 + 8 * MIN, football(1)),
    ];
    expect(groups(place([...items].reverse()))).toEqual(groups(place(items)));
  });

  it("DER-2: placed in slices (the worker's story step), the clustering is the one placed at once, and the event loop turns between slices", async () => {
    const items = Array.from({ length: 12 }, (_, n) => item(n + 1, (n % 6) + 1, T0 + n * MIN, n < 6 ? housing(n) : football(n)));
    let turns = 0;
    let spinning = true;
    const spin = () => {
      if (!spinning) return;
      turns++;
      setImmediate(spin);
    };
    setImmediate(spin);
    let tick = 0;
    const sliced = await clusterStoriesInSlices(items, SMALL_WINDOW, { sliceMs: 3, now: () => tick++ });
    spinning = false;
    expect(sliced).toEqual(clusterStories(items, SMALL_WINDOW));
    expect(groups(sliced.placements)).toEqual([
      [1, 2, 3, 4, 5, 6],
      [7, 8, 9, 10, 11, 12],
    ]);
    expect(turns).toBeGreaterThanOrEqual(4);
  });
});

describe("stories found to be one", () => {
  it("DER-2: two stored stories of one piece of news are merged when an article joins one; the older id survives", () => {
    const { placements, merges } = clusterStories(
      [
        item(1, 1, T0, housing(0), { storyId: 40, pending: false }),
        item(2, 2, T0 + MIN, housing(1), { storyId: 40, pending: false }),
        item(3, 3, T0 + 2 * MIN, housing(2), { storyId: 52, pending: false }),
        item(4, 4, T0 + 3 * MIN, housing(0), { storyId: 52, pending: false }),
        item(5, 5, T0 + 4 * MIN, housing(1)),
      ],
      SMALL_WINDOW,
    );
    expect(merges).toEqual([{ from: 52, into: 40 }]);
    expect(placements).toEqual([{ articleId: 5, storyId: 40 }]);
  });

  it("DER-2: stories that share an outlet are merged too when they are one (an outlet's follow-ups belong to its story)", () => {
    const { merges } = clusterStories(
      [
        item(1, 1, T0, housing(0), { storyId: 40, pending: false }),
        item(2, 2, T0 + MIN, housing(1), { storyId: 40, pending: false }),
        item(3, 1, T0 + 2 * MIN, housing(2), { storyId: 52, pending: false }),
        item(4, 4, T0 + 3 * MIN, housing(0), { storyId: 52, pending: false }),
        item(5, 5, T0 + 4 * MIN, housing(1)),
      ],
      SMALL_WINDOW,
    );
    expect(merges).toEqual([{ from: 52, into: 40 }]);
  });

  it("DER-2: an article that meets one story on some words and another on others joins one of them, and does not merge them", () => {
    const budget = words("pecorpeiaga", "presupuestos", "regionales", "congela");
    const border = words("valtoria", "crisis", "fronteriza", "claves");
    const { placements, merges } = clusterStories(
      [
        item(1, 1, T0, budget, { storyId: 40, pending: false }),
        item(2, 2, T0 + MIN, budget, { storyId: 40, pending: false }),
        item(3, 3, T0 + 2 * MIN, border, { storyId: 52, pending: false }),
        item(4, 4, T0 + 3 * MIN, border, { storyId: 52, pending: false }),
        item(5, 5, T0 + 4 * MIN, words("pecorpeiaga", "presupuestos", "crisis", "fronteriza")),
      ],
      SMALL_WINDOW,
    );
    expect(merges).toEqual([]);
    expect(placements).toHaveLength(1);
  });

  it("DER-2: unrelated stories stay apart", () => {
    const { merges } = clusterStories([
      item(1, 1, T0, housing(0), { storyId: 40, pending: false }),
      item(2, 2, T0 + MIN, housing(1), { storyId: 40, pending: false }),
      item(3, 3, T0 + 2 * MIN, football(0), { storyId: 52, pending: false }),
      item(4, 4, T0 + 3 * MIN, football(1), { storyId: 52, pending: false }),
      item(5, 5, T0 + 4 * MIN, housing(2)),
    ]);
    expect(merges).toEqual([]);
  });
});

describe("story descriptor", () => {
  const members = [
    "La ministra Rocafort aprueba 120 millones para el plan de vivienda",
    "Rocafort: «Habrá 120 millones para el plan de vivienda»",
    "Hacienda destina 120 millones al plan de vivienda",
  ];
  const window = documentFrequency([
    ...members,
    "El Atlético ficha a Iker Solano",
    "Rocafort critica los presupuestos",
    "La huelga del metro sigue",
    "El plan de costas se aprueba",
  ]);

  it("DER-5: key terms are the words the members share and the window rarely uses, most distinctive first", () => {
    const terms = keyTerms(members, window);
    expect(terms).toHaveLength(4);
    expect(terms).toEqual(expect.arrayContaining(["vivienda", "millones", "120"]));
    expect(terms).not.toContain("para");
  });

  it("DER-5: the descriptor is our own words, never one of the headlines", () => {
    const descriptor = keyTerms(members, window).join(" ");
    for (const h of members) expect(descriptor.toLowerCase()).not.toBe(h.toLowerCase());
    expect(keyTerms(members, window).length).toBeLessThan(members[0]!.split(" ").length);
  });

  it("DER-5: members whose headlines share no word (placed together by their ledes) still get their rarest words", () => {
    const apart = [
      "Bergara: «Queremos saber qué pasó con la inteligencia artificial en las aulas»",
      "La secretaria de Estado de Digitalización respalda el centro de datos de Tierra Baja",
    ];
    const terms = keyTerms(apart, documentFrequency([...apart, "La huelga del metro sigue", "El Atlético ficha a Iker Solano"]));
    expect(terms).toHaveLength(4);
    expect(terms).not.toContain("la");
  });

  it("DER-5: names keep their capital, other words are lower case", () => {
    expect(keyTerms(["Rocafort aprueba el plan", "Aprueba Rocafort el plan"], documentFrequency(["x", "y", "z"]))).toEqual(
      expect.arrayContaining(["Rocafort", "aprueba", "plan"]),
    );
  });
});
