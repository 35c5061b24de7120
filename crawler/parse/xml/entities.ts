/**
 * Character references in feed and sitemap text. Only a fixed table is ever expanded:
 * entities a DOCTYPE declares stay literal, so billion-laughs and external entities
 * cannot grow or fetch anything (SPEC SEC-4). Named HTML entities that XML does
 * not define (`&nbsp;`, `&aacute;`) are decoded because Spanish feeds use them freely.
 */
import { decodeText } from "../../fetch/bytes/charset";

// HTML 4 Latin-1 names for U+00A0–U+00FF, in code point order.
const LATIN1 = (
  "nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr " +
  "deg plusmn sup2 sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest " +
  "Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml " +
  "ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig " +
  "agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml " +
  "eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml"
).split(" ");

// XML's five, then the HTML 4 punctuation and symbols newsrooms actually type.
const OTHERS: Record<string, number> = {
  amp: 0x26, lt: 0x3c, gt: 0x3e, quot: 0x22, apos: 0x27,
  OElig: 0x152, oelig: 0x153, Scaron: 0x160, scaron: 0x161, Yuml: 0x178, fnof: 0x192, circ: 0x2c6, tilde: 0x2dc,
  ensp: 0x2002, emsp: 0x2003, thinsp: 0x2009, zwnj: 0x200c, zwj: 0x200d, lrm: 0x200e, rlm: 0x200f,
  ndash: 0x2013, mdash: 0x2014, lsquo: 0x2018, rsquo: 0x2019, sbquo: 0x201a, ldquo: 0x201c, rdquo: 0x201d,
  bdquo: 0x201e, dagger: 0x2020, Dagger: 0x2021, bull: 0x2022, hellip: 0x2026, permil: 0x2030, prime: 0x2032,
  Prime: 0x2033, lsaquo: 0x2039, rsaquo: 0x203a, oline: 0x203e, euro: 0x20ac, trade: 0x2122,
  larr: 0x2190, uarr: 0x2191, rarr: 0x2192, darr: 0x2193, minus: 0x2212,
};

const NAMED = new Map<string, string>([
  ...LATIN1.map((name, i): [string, string] => [name, String.fromCharCode(0xa0 + i)]),
  ...Object.entries(OTHERS).map(([name, cp]): [string, string] => [name, String.fromCharCode(cp)]),
]);

const REFERENCE = /&(?:#(\d{1,8})|#[xX]([0-9a-fA-F]{1,7})|([A-Za-z][A-Za-z0-9]{1,31}));/g;

/** Decode numeric and known named character references; unknown names and stray `&` stay as written. */
export function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(REFERENCE, (whole, dec?: string, hex?: string, name?: string) => {
    if (name !== undefined) return NAMED.get(name) ?? whole;
    return fromCodePoint(dec !== undefined ? Number.parseInt(dec, 10) : Number.parseInt(hex ?? "", 16));
  });
}

function fromCodePoint(cp: number): string {
  // HTML §13.2.5.80: &#128;–&#159; name windows-1252 characters (&#150; is an en dash),
  // a habit of CMSs that once stored cp1252.
  if (cp >= 0x80 && cp <= 0x9f) return decodeText(Uint8Array.of(cp), "windows-1252");
  if (cp === 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return "\uFFFD";
  return String.fromCodePoint(cp);
}
