/** "Cabeceras" (SPEC WEB-1, WEB-2), written as static markup (app/_lib/html/public-page.tsx). */
import { publicPage } from "@/app/_lib/html/public-page";
import { outletsPage } from "./outlets-page";

export const dynamic = "force-dynamic";

export const GET = publicPage(outletsPage);
