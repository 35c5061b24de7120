/** A day's leads (SPEC WEB-5), written as static markup (app/_lib/html/public-page.tsx). */
import { publicPage } from "@/app/_lib/html/public-page";
import { dayLeadsPage } from "./day-leads-page";

export const dynamic = "force-dynamic";

export const GET = publicPage(dayLeadsPage);
