/**
 * The 404 boundary of every layout, for `notFound()` in a page: its content only, inside the
 * frame of the layout it replaces. Next.js renders it into the payload of every page it could
 * replace (twice on a public page: the root's boundary and the public group's), so it stays
 * small: with the site frame and the live contacts it cost every page two more frames.
 * Addresses no route matches get app/global-not-found.tsx, the whole page; so does a
 * `notFound()` answered without JavaScript, since the front door serves that page in its place
 * (lib/front-door/page-cache/not-found-shell.ts).
 */
import type { Metadata } from "next";
import { NotFoundContent } from "./_components/not-found-content";

/** Page title. */
export const metadata: Metadata = { title: "Página no encontrada" };

/** 404 inside the frame of the layout around it. */
export default function NotFound() {
  return <NotFoundContent />;
}
