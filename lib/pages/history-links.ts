/**
 * Addresses of the history pages (SPEC WEB-5), built in one place so that every link, the
 * forms and the feeds agree. Minutes are written as a `datetime-local` field sends them
 * (peninsular time), unescaped: `?en=2026-11-20T09:30`.
 */
import { minuteValue } from "./peninsular-time";

/** An outlet's front page at the minute of `at` (its latest capture when `at` is undefined). */
export function frontPageAtHref(slug: string, at?: number): string {
  const base = `/cabeceras/${encodeURIComponent(slug)}/portada`;
  return at === undefined ? base : `${base}?en=${minuteValue(at)}`;
}

/** The permalink of one front-page capture, to cite it (app/(public)/cabeceras/[slug]/capturas). */
export function captureHref(slug: string, captureId: number): string {
  return `/cabeceras/${encodeURIComponent(slug)}/capturas/${captureId}`;
}

/** Outlets side by side at the minute of `at`. */
export function sideBySideHref(slugs: readonly string[], at?: number): string {
  const query = [
    at === undefined ? "" : `en=${minuteValue(at)}`,
    slugs.length ? `cabeceras=${slugs.map(encodeURIComponent).join(",")}` : "",
  ].filter(Boolean);
  return query.length ? `/portadas?${query.join("&")}` : "/portadas";
}

/** A day's leads across outlets (`day` as `AAAA-MM-DD`, today when undefined). */
export function dayLeadsHref(day?: string, group?: string): string {
  const p = new URLSearchParams();
  if (day !== undefined) p.set("fecha", day);
  if (group !== undefined) p.set("grupo", group);
  return p.size === 0 ? "/portadas/dia" : `/portadas/dia?${p}`;
}
