/** "El bot": how our crawler behaves, generated from the live configuration (SPEC ID-4). */
import type { Metadata } from "next";
import { Link } from "@/app/_components/link";
import { appConfig } from "@/db/server";
import { readSiteData } from "@/app/_lib/pages/data";
import { countRenderModes } from "@/db/queries/site/render-modes";
import { countLegalNotices } from "@/db/queries/site/legal-notice-counts";
import { botPageData } from "@/lib/pages/bot-page";
import { readChangelog } from "@/lib/changelog-file";
import { PageHeader } from "../../_components/page-header";
import { Blocks } from "./_sections/blocks";
import { Identity } from "./_sections/identity";
import { OptOut } from "./_sections/opt-out";
import { Policies } from "./_sections/policies";
import { Reading } from "./_sections/reading";
import { RobotsTxt } from "./_sections/robots-txt";
import { Storage } from "./_sections/storage";
import { WithContents } from "@/app/_components/with-contents";

/** Page title. */
export const metadata: Metadata = { title: "El bot" };

/** The page's sections, by anchor, for its table of contents. */
const contents = [
  ["quien-es", "Quién es"],
  ["que-lee", "Qué lee"],
  ["ritmo", "Ritmo y límites"],
  ["que-guarda", "Qué guarda y qué no"],
  ["robots", "robots.txt"],
  ["bloqueos", "Cuando nos bloqueáis"],
  ["reglas-ia", "Reglas para bots de IA"],
  ["mineria", "Reservas de minería"],
  ["avisos-legales", "Avisos legales"],
  ["modelos", "Modelos"],
  ["excluirse", "Cómo excluirse o replicar"],
] as const;

/** Read per request: how many outlets are read in each mode comes from the database. */
export const dynamic = "force-dynamic";

/** The bot page; every figure on it comes from `botPageData(config, releases)`, and the render modes and legal-notice coverage from the database. */
export default async function BotPage() {
  const data = botPageData(appConfig(), readChangelog());
  // An unavailable database leaves that one sentence out, not the page: the rest is configuration.
  const modes = await readSiteData(countRenderModes);
  const legal = await readSiteData(countLegalNotices);
  return (
    <>
      <PageHeader
        title="El bot"
        lead={
          <>
            Esta página es para los responsables técnicos de los medios que aparecen en nuestros registros y para cualquiera que quiera
            saber cómo recogemos los datos. Se genera a partir de la configuración en vigor del bot: las cifras que ves son las que está
            usando ahora mismo.
          </>
        }
      />
      <WithContents contents={contents}>
        <Identity data={data} />
        <Reading data={data} modes={modes.ok ? modes.value : undefined} />
        <Storage data={data} />
        <RobotsTxt data={data} />
        <Blocks data={data} />
        <Policies data={data} legal={legal.ok ? legal.value : undefined} />
        <OptOut data={data} />
        <p className="hint" data-testid="revision">
          Última revisión de esta página: {data.revision}. Generada con la configuración en vigor de {data.identity.productToken}/
          {data.identity.version}. Cada cambio de lo que promete se anota en <Link href="/correcciones">Correcciones</Link>.
        </p>
      </WithContents>
    </>
  );
}
