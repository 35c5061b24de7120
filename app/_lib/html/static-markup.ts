/**
 * React's server renderer for the pages the site writes as static markup (public-page.tsx).
 *
 * Next.js bundles the app for React Server Components, where `react-dom/server` may not be
 * imported. Loaded at run time with Node's own resolution, it is the project's `react-dom`
 * (package.json), outside the bundle. The elements a page's JSX makes are plain objects any
 * React 19 renders; what it renders here must be synchronous components without hooks or
 * client components, as the public pages' are (their links are plain anchors: link.tsx).
 */
import "server-only";
import type { ReactNode } from "react";

type ModuleApi = typeof import("node:module");
type ServerApi = typeof import("react-dom/server");

const { createRequire } = process.getBuiltinModule("node:module") as ModuleApi;
const { renderToStaticMarkup } = createRequire(`${process.cwd()}/package.json`)("react-dom/server") as ServerApi;

/** The HTML of `node`, without React's hydration markers. */
export function staticMarkup(node: ReactNode): string {
  return renderToStaticMarkup(node);
}
