/** Skip link, header, main landmark and footer around a public page's content. */
import type { ReactNode } from "react";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/** The id the skip link jumps to. */
export const MAIN_ID = "contenido";

/** The public page frame (SPEC WEB-4: landmarks and a skip link); `pathname` as for `SiteHeader`. */
export function SiteChrome({ children, pathname }: { children: ReactNode; pathname?: string }) {
  return (
    <>
      <a className="skip-link" href={`#${MAIN_ID}`}>
        Saltar al contenido
      </a>
      <SiteHeader pathname={pathname} />
      <main id={MAIN_ID} tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
