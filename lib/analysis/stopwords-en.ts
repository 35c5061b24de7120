/**
 * English stop words for story fingerprints (SPEC DER-2), lower case: the Snowball English
 * list (without apostrophes, as tokens are split on them) plus a few words that frame a
 * headline without naming the news ("live", "watch", "read more").
 */
const SNOWBALL = `
i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she
her hers herself it its itself they them their theirs themselves what which who whom this that
these those am is are was were be been being have has had having do does did doing would should
could ought a an the and but if or because as until while of at by for with about against between
into through during before after above below to from up down in out on off over under again
further then once here there when where why how all any both each few more most other some such
no nor not only own same so than too very can will just don s t ll re ve d m says said
`;

/** Headline framing that says nothing about which news it is. */
const HEADLINE_FRAMING = `
live updates watch video videos photos read more latest breaking opinion analysis today yesterday
`;

/** The stop-word set (lower case). */
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set(`${SNOWBALL} ${HEADLINE_FRAMING}`.split(/\s+/).filter(Boolean));
