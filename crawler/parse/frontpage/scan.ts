/**
 * One streaming pass over a front page (SPEC EXT-3): the `<a href>` elements outside site
 * chrome, in document order, each with the headline text it offers, and the page's
 * `<base href>`. No DOM is built: the tags come from htmlparser2, the tokenizer linkedom
 * builds its tree from, and the tree is followed as a stack of open elements, pushed at
 * every open tag and popped at every close tag exactly as linkedom does. So the elements,
 * their nesting and their text are those of `parseHtmlDocument`, at a tenth of its cost
 * (most of a linkedom parse is building and collecting node objects).
 *
 * The rules are the DOM walk's: the walk covers the document element (the first
 * top-level element) and skips a structural chrome subtree whole (frontpage-chrome.ts);
 * an element marked only by a class/id word is a candidate whose links are dropped at the
 * end unless it holds the page (`holdsThePage`: its share of headline links and cards); a link's
 * headline is the visible text of the heading holding it or of the first visible heading
 * inside it, else its own visible text, else its aria-label, title or image alt
 * (frontpage-headline.ts). Visible text skips hidden and silent subtrees below the element
 * whose text it is, and separates block boxes (html-text.ts).
 */
import { Parser } from "htmlparser2";
import { chromeMark, holdsThePage, isSectioning, type Holdings } from "./chrome";
import {
  betterHeadline,
  HEADING_TAGS,
  headlineFrom,
  HeadlineTier,
  labelledHeadline,
  MAX_HEADLINE_CHARS,
  type HeadlineCandidate,
} from "./headline";
import { CARD_BLOCK_DEPTH, cardTitle, headingTitle, type TextBlock } from "./heading-title";
import { attributeOf, BLOCK_TAGS, collapseWhitespace, isSilentTag, VisibleText, type Attributes } from "../html/text";

/** A link outside chrome: its href and rel as written, and its headline candidate. */
export interface ScannedAnchor {
  href: string;
  rel: string | undefined;
  headline: HeadlineCandidate;
  /** A heading holds it, is inside it, or follows it in the same container: a teaser's link. */
  headed: boolean;
  /** The first link of an `<article>` card (an image-only teaser has no heading). */
  cardLead: boolean;
  /** A link wrapping a visible image and a text of two words or more: a card teaser without a heading. */
  cardLink: boolean;
  /**
   * A bare line alone in its box (its nearest block ancestor that is not a heading): no image,
   * all its text in one heading, no other link and no visible text outside it in the box.
   */
  alone: boolean;
}

/** What the scan of a page found. */
export interface FrontPageScan {
  anchors: ScannedAnchor[];
  /** The href of the first `<base href>` element, when there is one. */
  baseHref?: string;
}

/** Visible text of an element, gathered from its open tag to its close tag. */
interface Gatherer {
  /** Stack index of the element. */
  depth: number;
  text: VisibleText;
  /** Set when the element closes. */
  result?: string | undefined;
  /** For a text block of a card link: its own blocks, and whether text lies between them. */
  parts?: Gatherer[];
  loose?: boolean;
  /** Set when `result` is the title part of the element's text (a heading's link of label and title). */
  titled?: boolean;
}

/** An open link outside chrome, its headline sources filled in as its content goes by. */
interface OpenAnchor {
  depth: number;
  href: string;
  rel: string | undefined;
  ariaLabel: string | undefined;
  title: string | undefined;
  inHeading: boolean;
  /** Its own visible text; undefined when the link itself is silent (aria-hidden). */
  own: Gatherer | undefined;
  /** The most prominent visible heading inside it, and its level. */
  heading?: Gatherer;
  headingLevel?: number;
  imageAlt?: string;
  /** Its place in the result, filled when it closes. */
  slot: number;
  /** Candidate chrome containers (class/id word) it is inside. */
  within: number[];
  /** A heading holds it or is inside it: a headline link. */
  headed: boolean;
  /** Its `aria-labelledby` ids, when it has them. */
  labelledBy: string[] | undefined;
  /** A visible image is inside it. */
  image?: boolean;
  /** Headings that follow it inside its container before another link opens (a teaser whose link precedes its title). */
  after?: { level: number; gatherer: Gatherer }[];
}

/** One open element of the stack. */
interface OpenElement {
  /** Stack index of the deepest silent element above it (-1: none). */
  silentAbove: number;
  silent: boolean;
  block: boolean;
  heading: boolean;
  /** Inside the walked tree and not chrome: its children are walked. */
  walked: boolean;
  /** It or an ancestor in the walked tree is sectioning. */
  sectioned: boolean;
  gatherer?: Gatherer;
  anchor?: OpenAnchor;
  /** Set when it is a candidate chrome container (marked by a class/id word): its index. */
  candidate?: number;
  /** Set when a link names it with `aria-labelledby`: its id and visible text. */
  label?: { id: string; heading: boolean; gatherer: Gatherer | undefined };
  /** An `<article>` card: whether a link opened in it yet. */
  card?: { linked: boolean };
  /** A heading's child elements with their text, and whether text lies between them (heading-title.ts). */
  parts?: Gatherer[];
  loose?: boolean;
  /** A block of a possible card link: its level below the link (1: a child), up to CARD_BLOCK_DEPTH. */
  cardPart?: number;
  /** Walked links opened inside it so far (it included, when it is one). */
  links?: number;
  /** The slot of the first link whose box it is. */
  boxOf?: number;
  /** Visible text outside any link lies inside it. */
  unlinkedText?: boolean;
}

const LABELLED_BY = /\baria-labelledby\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;

/** The ids that links of the page name with `aria-labelledby` (looked up before the scan: a card's heading follows its overlay link). */
function labelledIds(html: string): Set<string> {
  const ids = new Set<string>();
  if (!html.includes("aria-labelledby")) return ids;
  for (const m of html.matchAll(LABELLED_BY)) for (const id of (m[1] ?? m[2] ?? "").split(/\s+/)) if (id) ids.add(id);
  return ids;
}

/** A card link's text block as heading-title.ts reads it. */
function blockOf(g: Gatherer): TextBlock {
  return { text: g.result, loose: g.loose ?? false, blocks: (g.parts ?? []).map(blockOf) };
}

function words(text: string): number {
  return text.split(/\s+/).filter((w) => /\p{L}/u.test(w)).length;
}

/** Remove `item` from `list` if it is there. */
function drop<T>(list: T[], item: T): void {
  const i = list.lastIndexOf(item);
  if (i >= 0) list.splice(i, 1);
}

/** EXT-3: scan a page's text (as `htmlForParsing` gives it). */
export function scanFrontPage(html: string): FrontPageScan {
  const stack: OpenElement[] = [];
  const gatherers: Gatherer[] = [];
  // Open links still looking for a heading, and for an image's alt text.
  const wantHeading: OpenAnchor[] = [];
  const wantAlt: OpenAnchor[] = [];
  const anchors: ScannedAnchor[] = [];
  const withinOf: number[][] = []; // per anchor slot: the candidate containers it is inside
  const chromeMemo = new Map<string, boolean>();
  // Candidate chrome containers: what each holds, and those open now (outermost first).
  const candidates: Holdings[] = [];
  const openCandidates: number[] = [];
  const page: Holdings = { headlineLinks: 0, cards: 0 };
  const openAnchors: OpenAnchor[] = [];
  const allAnchors: OpenAnchor[] = [];
  const openCards: { linked: boolean }[] = [];
  // Elements named by links' aria-labelledby: the first element of each id, and its text.
  const wantedIds = labelledIds(html);
  const labels = new Map<string, { text: string | undefined; heading: boolean }>();
  const claimedIds = new Set<string>();
  const labelledSlots: { slot: number; ids: string[] }[] = [];
  // Links that are a bare line: no image, all their text in one heading (or they sit in one).
  const bare = new Set<number>();
  // Open links with no heading around or inside them yet: a heading opening marks them all.
  const unheaded: OpenAnchor[] = [];
  // The link that closed last, and the element it closed in: a heading opening there names it.
  let recent: { anchor: OpenAnchor; parent: OpenElement; depth: number } | undefined;
  let baseHref: string | undefined;
  let sawDocumentElement = false;
  // Stack index of the deepest open silent element, -1 when none is open.
  let deepestSilent = -1;
  let openHeadings = 0;
  let inCdata = false;

  const gather = (depth: number): Gatherer => {
    const gatherer: Gatherer = { depth, text: new VisibleText(MAX_HEADLINE_CHARS) };
    gatherers.push(gatherer);
    return gatherer;
  };
  // A block box opening or closing at `depth` separates words in the text of elements above
  // it, unless a silent element between them hides it.
  const separate = (silentAbove: number) => add(" ", silentAbove);
  // Text reaches the elements above it with nothing silent in between; one whose text is
  // already too long for a headline stops listening.
  const add = (text: string, silentAbove: number) => {
    for (let i = gatherers.length - 1; i >= 0; i--) {
      const g = gatherers[i]!;
      if (silentAbove > g.depth) continue;
      g.text.add(text);
      if (g.text.full) gatherers.splice(i, 1);
    }
  };

  const parser = new Parser(
    {
      onopentag(name: string, attributes: Attributes) {
        const depth = stack.length;
        const parent = stack[depth - 1];
        const silentAbove = deepestSilent;
        const silent = isSilentTag(name, attributes);
        if (silent) deepestSilent = depth;
        const block = BLOCK_TAGS.has(name);
        if (block && !silent) separate(silentAbove);
        if (name === "base" && baseHref === undefined) baseHref = attributeOf(attributes, "href");

        // The first visible heading, and image with alt text, inside an open link: nothing silent between them.
        const heading = HEADING_TAGS.has(name);
        let headingGatherer: Gatherer | undefined;
        // A card link wrapping a kicker heading and a title heading (`<h6>` then `<h5>`) takes
        // the most prominent one: the lowest level, the first among equals.
        if (heading && wantHeading.length > 0) {
          const level = Number(name.slice(1));
          for (let i = wantHeading.length - 1; i >= 0; i--) {
            const a = wantHeading[i]!;
            if (deepestSilent > a.depth || (a.heading && level >= (a.headingLevel ?? 0))) continue;
            a.heading = headingGatherer ??= gather(depth);
            a.headingLevel = level;
          }
        }
        if (name === "img") for (const a of openAnchors) if (deepestSilent <= a.depth) a.image = true;
        if (name === "img" && wantAlt.length > 0) {
          const alt = collapseWhitespace(attributeOf(attributes, "alt") ?? "");
          for (let i = wantAlt.length - 1; i >= 0 && alt !== ""; i--) {
            const a = wantAlt[i]!;
            if (deepestSilent > a.depth) continue;
            a.imageAlt = alt;
            wantAlt.splice(i, 1);
          }
        }

        // The walk: the document element and, below it, what is not chrome.
        const walkable = parent === undefined ? !sawDocumentElement : parent.walked;
        if (parent === undefined) sawDocumentElement = true;
        const sectionedAbove = parent?.sectioned ?? false;
        const mark = walkable ? chromeMark(name, attributes, sectionedAbove, chromeMemo) : undefined;
        const walked = walkable && mark !== "structure";
        const element: OpenElement = {
          silentAbove,
          silent,
          block,
          heading,
          walked,
          sectioned: walked && (sectionedAbove || isSectioning(name)),
          gatherer: headingGatherer,
        };
        if (walked && mark === "word") {
          element.candidate = candidates.length;
          candidates.push({ headlineLinks: 0, cards: 0 });
          openCandidates.push(element.candidate);
        }
        if (walked && name === "article") {
          element.card = { linked: false };
          openCards.push(element.card);
          page.cards++;
          for (const c of openCandidates) candidates[c]!.cards++;
        }
        if (wantedIds.size > 0) {
          const id = attributeOf(attributes, "id");
          if (id !== undefined && wantedIds.has(id) && !claimedIds.has(id)) {
            claimedIds.add(id);
            element.label = { id, heading, gatherer: silent ? undefined : gather(depth) };
          }
        }
        if (heading && unheaded.length > 0) {
          for (const a of unheaded) a.headed = true;
          unheaded.length = 0;
        }
        // A teaser that puts its link first and its kicker and title after it, in the same box.
        if (heading && walked && !silent && recent && stack[recent.depth] === recent.parent && !recent.anchor.headed) {
          element.gatherer = headingGatherer ??= gather(depth);
          (recent.anchor.after ??= []).push({ level: Number(name.slice(1)), gatherer: headingGatherer });
        }
        const blockOf = parent?.anchor?.own
          ? 1
          : parent?.cardPart !== undefined && parent.cardPart < CARD_BLOCK_DEPTH
            ? parent.cardPart + 1
            : undefined;
        if (((parent?.heading && parent.gatherer) || blockOf !== undefined) && !silent) {
          element.gatherer ??= gather(depth);
          (parent!.parts ??= []).push(element.gatherer);
          if (blockOf !== undefined) element.cardPart = blockOf;
        }
        // Any other link opening ends the box's claim on later headings.
        if (name === "a") recent = undefined;
        if (walked && name === "a") {
          const href = attributeOf(attributes, "href");
          if (href !== undefined) {
            element.anchor = {
              depth,
              href,
              rel: attributeOf(attributes, "rel"),
              ariaLabel: attributeOf(attributes, "aria-label"),
              title: attributeOf(attributes, "title"),
              inHeading: openHeadings > 0,
              own: silent ? undefined : gather(depth),
              slot: anchors.length,
              within: [...openCandidates],
              headed: openHeadings > 0,
              labelledBy: attributeOf(attributes, "aria-labelledby")?.trim().split(/\s+/).filter(Boolean),
            };
            if (element.anchor.labelledBy?.length) labelledSlots.push({ slot: element.anchor.slot, ids: element.anchor.labelledBy });
            openAnchors.push(element.anchor);
            allAnchors.push(element.anchor);
            if (!element.anchor.headed) unheaded.push(element.anchor);
            withinOf.push(element.anchor.within);
            if (element.anchor.own) {
              // A link that is a part of its parent (a heading's, a card link's) gives its own text as that part.
              if (element.gatherer && parent?.parts?.includes(element.gatherer)) {
                drop(parent.parts, element.gatherer);
                parent.parts.push(element.anchor.own);
              }
              if (element.gatherer) drop(gatherers, element.gatherer);
              element.gatherer = element.anchor.own;
            }
            if (!element.anchor.inHeading) wantHeading.push(element.anchor);
            wantAlt.push(element.anchor);
            const card = openCards.at(-1);
            anchors.push({
              href,
              rel: element.anchor.rel,
              headline: { text: "", tier: HeadlineTier.None },
              headed: false,
              cardLead: card?.linked === false,
              cardLink: false,
              alone: false,
            });
            element.links = 1;
            // Its box: the nearest open block that is not a heading.
            for (let i = stack.length - 1; i >= 0; i--) {
              const box = stack[i]!;
              if (!box.block || box.heading) continue;
              box.boxOf ??= element.anchor.slot;
              break;
            }
            if (card) card.linked = true;
          }
        }
        if (heading) openHeadings++;
        stack.push(element);
      },
      ontext(text: string) {
        if (inCdata) return;
        const top = stack[stack.length - 1];
        if ((top?.heading || top?.anchor || top?.cardPart !== undefined) && deepestSilent < stack.length - 1 && /\p{L}/u.test(text))
          top.loose = true;
        if (top && openAnchors.length === 0 && deepestSilent < stack.length - 1 && /\p{L}/u.test(text)) top.unlinkedText = true;
        add(text, deepestSilent);
      },
      oncdatastart() {
        inCdata = true;
      },
      oncdataend() {
        inCdata = false;
      },
      // linkedom goes up one element at every close tag, whatever its name: so does the stack.
      onclosetag() {
        const element = stack.pop();
        if (element === undefined) return;
        deepestSilent = element.silentAbove;
        if (element.heading) openHeadings--;
        const above = stack[stack.length - 1];
        if (element.unlinkedText && above) above.unlinkedText = true;
        if (element.links) {
          if (above) above.links = (above.links ?? 0) + element.links;
          if (element.boxOf !== undefined && element.links === 1 && !element.unlinkedText && bare.has(element.boxOf))
            anchors[element.boxOf]!.alone = true;
        }
        if (element.gatherer) {
          element.gatherer.result = element.gatherer.text.text();
          drop(gatherers, element.gatherer);
          // A heading of a kicker and a title: its text is the title (heading-title.ts).
          // A heading whose one child is a link read for its title takes that title.
          const only = element.parts?.length === 1 ? element.parts[0] : undefined;
          if (element.heading && only?.titled && !element.loose) element.gatherer.result = only.result;
          else if (element.heading && element.parts && !element.loose)
            element.gatherer.result = headingTitle(
              element.gatherer.result,
              element.parts.map((g) => g.result),
            );
          if (element.cardPart !== undefined) {
            element.gatherer.parts = element.parts ?? [];
            element.gatherer.loose = element.loose ?? false;
          }
        }
        if (element.candidate !== undefined) drop(openCandidates, element.candidate);
        if (element.card) drop(openCards, element.card);
        if (element.label) {
          const g = element.label.gatherer;
          if (g) drop(gatherers, g);
          labels.set(element.label.id, { text: g ? g.text.text() : "", heading: element.label.heading });
        }
        const a = element.anchor;
        if (a) {
          drop(wantHeading, a);
          drop(wantAlt, a);
          drop(openAnchors, a);
          if (!a.headed) drop(unheaded, a);
          if (a.headed) {
            page.headlineLinks++;
            for (const c of a.within) candidates[c]!.headlineLinks++;
          }
          anchors[a.slot]!.headed = a.headed;
          const top = stack[stack.length - 1];
          if (top) recent = { anchor: a, parent: top, depth: stack.length - 1 };
          let own = a.own ? a.own.result : "";
          if (!a.image && (a.inHeading || (a.heading !== undefined && a.own !== undefined && a.heading.text.text() === a.own.text.text())))
            bare.add(a.slot);
          // A heading's link whose text lies only in child elements (a "Directo" label or a kicker,
          // then the title) is read as the heading itself would be: its title (heading-title.ts).
          if (a.inHeading && a.own && own !== undefined && !element.loose && element.parts && element.parts.length >= 2) {
            const title = headingTitle(
              own,
              element.parts.map((g) => g.result),
            );
            if (title !== undefined && title !== own) {
              own = a.own.result = title;
              a.own.titled = true;
            }
          }
          // A card link (image and text, no heading): its title is the last of its text blocks, as a heading's.
          if (a.image && own !== undefined && !a.inHeading && !a.heading && words(own) >= 2) {
            anchors[a.slot]!.cardLink = true;
            own = cardTitle({ text: own, loose: element.loose ?? false, blocks: (element.parts ?? []).map(blockOf) }) ?? own;
          }
          anchors[a.slot]!.headline = headlineFrom({
            heading: a.inHeading ? { text: own } : a.heading ? { text: a.heading.result } : undefined,
            text: own,
            ariaLabel: a.ariaLabel,
            title: a.title,
            imageAlt: a.imageAlt,
          });
        }
        if (element.block && !element.silent) separate(element.silentAbove);
      },
    },
    { lowerCaseAttributeNames: false, decodeEntities: true, xmlMode: false },
  );
  parser.write(html);
  parser.end();
  // Candidates that do not hold the page are chrome: their links go (links still open at
  // the end count as they stand).
  for (const a of openAnchors) {
    anchors[a.slot]!.headed = a.headed;
    if (!a.headed) continue;
    page.headlineLinks++;
    for (const c of a.within) candidates[c]!.headlineLinks++;
  }
  // A link followed by headings in its box takes the most prominent (lowest level, first).
  for (const a of allAnchors) {
    if (!a.after || a.headed) continue;
    const best = a.after.reduce((x, y) => (y.level < x.level ? y : x));
    const named = headlineFrom({ heading: { text: best.gatherer.result ?? best.gatherer.text.text() }, text: undefined });
    if (named.tier !== HeadlineTier.Heading) continue;
    anchors[a.slot]!.headed = true;
    page.headlineLinks++;
    for (const c of a.within) candidates[c]!.headlineLinks++;
    if (betterHeadline(named, anchors[a.slot]!.headline)) anchors[a.slot]!.headline = named;
  }
  // A link named by other elements (aria-labelledby) takes their text when it is better.
  for (const { slot, ids } of labelledSlots) {
    const refs = ids.flatMap((id) => labels.get(id) ?? []);
    if (refs.length === 0) continue;
    const named = labelledHeadline(refs);
    if (betterHeadline(named, anchors[slot]!.headline)) anchors[slot]!.headline = named;
  }
  const chrome = candidates.map((held) => !holdsThePage(held, page));
  const kept = chrome.some(Boolean) ? anchors.filter((_, slot) => !withinOf[slot]!.some((c) => chrome[c])) : anchors;
  return baseHref === undefined ? { anchors: kept } : { anchors: kept, baseHref };
}
