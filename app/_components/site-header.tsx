/** The site header: name, tagline and main navigation. */
import Link from "next/link";
import { SiteNav } from "./site-nav";

/** Banner landmark shared by every public page. */
export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="wrap brand-row">
        <Link href="/" className="brand" prefetch={false}>
          Hemeroscopio
          <span className="brand-mark" aria-hidden="true">
            .
          </span>
        </Link>
        <p className="tagline">Qué publican los medios españoles, cómo lo titulan y dónde lo colocan.</p>
      </div>
      <SiteNav />
    </header>
  );
}
