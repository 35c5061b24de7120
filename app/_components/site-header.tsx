/** The site header: name, tagline and main navigation. */
import { Link } from "./link";
import { CurrentSiteNav } from "./current-site-nav";
import { SiteNav } from "./site-nav";

/** Banner landmark shared by every public page; `pathname` when the page knows its own (static markup). */
export function SiteHeader({ pathname }: { pathname?: string }) {
  return (
    <header className="site-header">
      <div className="wrap brand-row">
        <Link href="/" className="brand">
          Hemeroscopio
          <span className="brand-mark" aria-hidden="true">
            .
          </span>
        </Link>
        <p className="tagline">Qué publican los medios españoles, cómo lo titulan y dónde lo colocan.</p>
      </div>
      {pathname === undefined ? <CurrentSiteNav /> : <SiteNav pathname={pathname} />}
    </header>
  );
}
