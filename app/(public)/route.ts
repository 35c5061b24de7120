/** The home page (SPEC WEB-1), written as static markup (app/_lib/html/public-page.tsx). */
import { publicPage } from "@/app/_lib/html/public-page";
import { homePage } from "./home-page";

// Always read at request time: "now" is the point of this page.
export const dynamic = "force-dynamic";

export const GET = publicPage(homePage);
