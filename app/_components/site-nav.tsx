/** The main navigation, the current section marked with `aria-current`. */
import { Link } from "./link";
import { isCurrentSection, siteSections } from "@/lib/pages/sections";

/** Links to every public section (SPEC WEB-1), for the page at `pathname`. */
export function SiteNav({ pathname }: { pathname: string }) {
  return (
    <nav className="site-nav" aria-label="Secciones">
      <ul className="wrap">
        {siteSections.map((s) => (
          <li key={s.href}>
            <Link href={s.href} aria-current={isCurrentSection(s.href, pathname) ? "page" : undefined}>
              {s.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
