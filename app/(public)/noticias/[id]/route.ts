/** An article's page (SPEC WEB-1), written as static markup (app/_lib/html/public-page.tsx). */
import { publicPage } from "@/app/_lib/html/public-page";
import { articlePage } from "./article-page";

export const dynamic = "force-dynamic";

export const GET = publicPage(articlePage);
