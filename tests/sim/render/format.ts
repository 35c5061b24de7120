/** Escaping and date formatting shared by the renderers. */

/** Escapes text for XML and HTML content and attribute values. */
export function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);
}

/** Wraps text in CDATA, splitting any `]]>` so the section cannot end early. */
export function cdata(text: string): string {
  return `<![CDATA[${text.replaceAll("]]>", "]]]]><![CDATA[>")}]]>`;
}

/** IMF-fixdate (RFC 9110 §5.6.7), e.g. `Mon, 10 Mar 2025 08:00:00 GMT`. */
export function httpDate(ms: number): string {
  return new Date(ms).toUTCString();
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** Minutes east of UTC for a time zone at an instant (handles summer time). */
function offsetMinutes(ms: number, timeZone: string): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" });
    offsetFormats.set(timeZone, format);
  }
  const name = format.formatToParts(ms).find((p) => p.type === "timeZoneName")?.value ?? "GMT";
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The instant shifted to local wall time, plus its offset as `+01:00`. */
function local(ms: number, timeZone?: string): { d: Date; offset: string } {
  const minutes = timeZone ? offsetMinutes(ms, timeZone) : 0;
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return { d: new Date(ms + minutes * 60_000), offset: `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}` };
}

/** W3C/ISO date-time; with a time zone it carries the local offset (`2025-03-10T09:00:00+01:00`), else `Z`. */
export function isoDate(ms: number, timeZone?: string): string {
  if (!timeZone) return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
  const { d, offset } = local(ms, timeZone);
  return `${d.toISOString().slice(0, 19)}${offset}`;
}

const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** RFC 822 date for RSS `pubDate`; with a time zone it uses the local offset (`+0100`), else `GMT`. */
export function rfc822Date(ms: number, timeZone?: string): string {
  if (!timeZone) return httpDate(ms);
  const { d, offset } = local(ms, timeZone);
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  return `${DAYS[d.getUTCDay()]}, ${pad(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${time} ${offset.replace(":", "")}`;
}

/** URL slug: lower case, no accents, words joined by `-`. */
export function slug(text: string): string {
  return (
    text
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .match(/[a-z0-9]+/g) ?? []
  ).join("-");
}
