/**
 * The article node of a page's JSON-LD and its metadata (SPEC EXT-4, SIG-2): `NewsArticle`
 * and the other Article types, at top level, in arrays, under `@graph` or `mainEntity`;
 * authors as strings, objects, arrays or `@id` references; `isAccessibleForFree` as a
 * boolean or a string, on the article, on its `hasPart` sections or on the `WebPage`.
 */
import { parseDeclaredDate } from "./dates";
import type { DateOptions } from "../zoned-time";

/** Metadata as the JSON-LD declares it; absent fields were not declared (or unreadable). */
export interface JsonLdArticle {
  headline?: string;
  publishedAt?: Date;
  modifiedAt?: Date;
  section?: string;
  authors: string[];
  isAccessibleForFree?: boolean;
}

type JsonNode = Record<string, unknown>;

// schema.org Article and the subtypes news sites use (schema.org/NewsArticle "More specific Types").
const ARTICLE_TYPES = new Set([
  "article",
  "newsarticle",
  "reportagenewsarticle",
  "analysisnewsarticle",
  "opinionnewsarticle",
  "backgroundnewsarticle",
  "reviewnewsarticle",
  "askpublicnewsarticle",
  "satiricalarticle",
  "report",
  "blogposting",
  "liveblogposting",
  "advertisercontentarticle",
  "techarticle",
]);
const PAGE_TYPE = /page$/;
const MAX_NODES = 5_000;
const MAX_AUTHORS = 20;

/** The lower-cased local names of a node's `@type` (`https://schema.org/NewsArticle` → `newsarticle`). */
function typesOf(node: JsonNode): string[] {
  const raw = node["@type"];
  const list = Array.isArray(raw) ? raw : [raw];
  return list
    .filter((t): t is string => typeof t === "string")
    .map((t) =>
      t
        .replace(/^.*[/:#]/, "")
        .trim()
        .toLowerCase(),
    );
}

function isNode(value: unknown): value is JsonNode {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Every object node in breadth-first order (top level first), and an `@id` index. */
function collect(values: readonly unknown[]): { nodes: JsonNode[]; byId: Map<string, JsonNode> } {
  const nodes: JsonNode[] = [];
  const byId = new Map<string, JsonNode>();
  const queue: unknown[] = [...values];
  for (let i = 0; i < queue.length && nodes.length < MAX_NODES; i++) {
    const value = queue[i];
    if (Array.isArray(value)) {
      queue.push(...value);
      continue;
    }
    if (!isNode(value)) continue;
    nodes.push(value);
    const id = value["@id"];
    if (typeof id === "string" && !byId.has(id) && Object.keys(value).length > 1) byId.set(id, value);
    for (const child of Object.values(value)) if (typeof child === "object" && child !== null) queue.push(child);
  }
  return { nodes, byId };
}

/** schema.org Boolean, leniently: `false`, `"False"`, `"no"`, `"0"`… (docs/standards.md §8). */
export function booleanOf(value: unknown): boolean | undefined {
  if (typeof value === "boolean") return value;
  const text =
    typeof value === "string"
      ? value
          .trim()
          .toLowerCase()
          .replace(/^https?:\/\/schema\.org\//, "")
      : "";
  if (["false", "no", "0"].includes(text)) return false;
  if (["true", "yes", "1"].includes(text)) return true;
  return undefined;
}

function firstText(value: unknown, clean: (s: string) => string): string | undefined {
  const list = Array.isArray(value) ? value : [value];
  for (const item of list) {
    const text = typeof item === "string" ? clean(item) : "";
    if (text !== "") return text;
  }
  return undefined;
}

/**
 * The article's section: the first of a list, and the first of a comma-joined string of
 * sections and tags (`"Destacado,Nueva Constitución,País"`, as some WordPress themes write it).
 */
function sectionOf(value: unknown, clean: (s: string) => string): string | undefined {
  const first = firstText(value, clean);
  if (first === undefined || !first.includes(",")) return first;
  return first
    .split(",")
    .map((s) => clean(s))
    .find((s) => s !== "");
}

function authorNames(value: unknown, byId: Map<string, JsonNode>, clean: (s: string) => string): string[] {
  const names: string[] = [];
  for (const item of Array.isArray(value) ? value : [value]) {
    const node = isNode(item) && typeof item.name !== "string" && typeof item["@id"] === "string" ? byId.get(item["@id"]) : item;
    const name = typeof node === "string" ? node : isNode(node) ? firstText(node.name, clean) : undefined;
    const text = name === undefined ? "" : clean(name);
    // A bare URL is a profile link, not a byline.
    if (text !== "" && !/^https?:\/\//i.test(text)) names.push(text);
  }
  return names;
}

/** Deduplicates names case-insensitively, keeping the first spelling and order. */
export function uniqueNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  return names
    .filter((n) => {
      const key = n.toLocaleLowerCase("es");
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, MAX_AUTHORS);
}

function accessibility(article: JsonNode, nodes: readonly JsonNode[], byId: Map<string, JsonNode>): boolean | undefined {
  const parts = (Array.isArray(article.hasPart) ? article.hasPart : [article.hasPart])
    .map((p) => (isNode(p) && typeof p["@id"] === "string" && p.isAccessibleForFree === undefined ? byId.get(p["@id"]) : p))
    .filter(isNode);
  const pages = nodes.filter((n) => typesOf(n).some((t) => PAGE_TYPE.test(t)));
  const flags = [article, ...parts, ...pages].map((n) => booleanOf(n.isAccessibleForFree));
  // SIG-2: any closed part means the body is not read.
  if (flags.includes(false)) return false;
  // Free on the article, or — when the article says nothing — on its parts or its page
  // (`hasPart: {isAccessibleForFree: "true", cssSelector: ".article"}`): declared free.
  return booleanOf(article.isAccessibleForFree) ?? (flags.includes(true) ? true : undefined);
}

/** EXT-4: the metadata of the page's article node; undefined when the JSON-LD has none. */
export function jsonLdArticle(
  values: readonly unknown[],
  clean: (s: string) => string,
  dates: DateOptions = {},
): JsonLdArticle | undefined {
  const { nodes, byId } = collect(values);
  const article = nodes.find((n) => typesOf(n).some((t) => ARTICLE_TYPES.has(t)));
  if (article === undefined) return undefined;
  const headline = firstText(article.headline, clean) ?? firstText(article.name, clean);
  const publishedAt = parseDeclaredDate(
    firstText(article.datePublished, (s) => s.trim()),
    dates,
  );
  const modifiedAt = parseDeclaredDate(
    firstText(article.dateModified, (s) => s.trim()),
    dates,
  );
  const section = sectionOf(article.articleSection, clean);
  const authors = uniqueNames(authorNames(article.author ?? article.creator, byId, clean));
  const isAccessibleForFree = accessibility(article, nodes, byId);
  return {
    ...(headline === undefined ? {} : { headline }),
    ...(publishedAt === undefined ? {} : { publishedAt }),
    ...(modifiedAt === undefined ? {} : { modifiedAt }),
    ...(section === undefined ? {} : { section }),
    authors,
    ...(isAccessibleForFree === undefined ? {} : { isAccessibleForFree }),
  };
}
