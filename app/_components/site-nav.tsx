"use client";
/**
 * The main navigation. A client component only to mark the current section with
 * `aria-current`; it is rendered on the server, so it works without JavaScript.
 */
import Link from "next/link";
import { usePathname } from "next/navigation";
import { isCurrentSection, siteSections } from "@/lib/pages/sections";

/** Links to every public section (SPEC WEB-1). */
export function SiteNav() {
  const pathname = usePathname() ?? "";
  return (
    <nav className="site-nav" aria-label="Secciones">
      <ul className="wrap">
        {siteSections.map((s) => (
          <li key={s.href}>
            <Link href={s.href} prefetch={false} aria-current={isCurrentSection(s.href, pathname) ? "page" : undefined}>
              {s.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
