"use client";
/**
 * The main navigation of a page Next.js renders, whose layout is not told the path: a client
 * component only to read it (`usePathname`). It is rendered on the server, so it works without
 * JavaScript. The pages written as static markup pass their path to `SiteNav` themselves.
 */
import { usePathname } from "next/navigation";
import { SiteNav } from "./site-nav";

/** `SiteNav` for the current path. */
export function CurrentSiteNav() {
  return <SiteNav pathname={usePathname() ?? ""} />;
}
