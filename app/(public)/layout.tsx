/** Layout of the public pages: the shared frame in Spanish (SPEC WEB-1). */
import type { ReactNode } from "react";
import { SiteChrome } from "../_components/site-chrome";

// Public pages print live configuration (contacts, bot figures) and database counts:
// they are rendered per request, never frozen at build time.
export const dynamic = "force-dynamic";

/** Wraps every public page in the site frame. */
export default function PublicLayout({ children }: { children: ReactNode }) {
  return <SiteChrome>{children}</SiteChrome>;
}
