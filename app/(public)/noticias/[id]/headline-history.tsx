/** An article's headline history as a timeline, each change with its word diff (SPEC WEB-1). */
import type { HeadlineVersionEntry } from "@/db/queries/site/article-page";
import { Link } from "@/app/_components/link";
import { frameLabel } from "@/lib/analysis/framing-letters";
import { formatList } from "@/lib/pages/format";
import { seenInLabel } from "@/lib/pages/seen-in";
import { HeadlineDiff } from "../../../_components/headline-diff";
import { Moment } from "../../../_components/moment";

/** Languages Spanish outlets publish in besides Spanish, as the site names them. */
const LANGUAGE_NAMES: Record<string, string> = {
  ca: "catalán",
  gl: "gallego",
  eu: "euskera",
  en: "inglés",
  pt: "portugués",
  fr: "francés",
};

/** Oldest first; withheld headlines show the notice and no diff. */
export function HeadlineHistory({ versions, timeZone }: { versions: readonly HeadlineVersionEntry[]; timeZone: string }) {
  if (versions.length === 0) return <p>No hemos registrado ningún titular de esta noticia.</p>;
  return (
    <ol className="timeline">
      {versions.map((v, i) => (
        <li key={i}>
          <p className="hint">
            {i === 0 ? "Primer titular" : `Cambio ${i}`}: visto desde el <Moment at={v.firstSeenAt} timeZone={timeZone} /> hasta el{" "}
            <Moment at={v.lastSeenAt} timeZone={timeZone} />, en {formatList(v.seenIn.map(seenInLabel))}.
            {v.framing ? (
              <>
                {" "}
                Encuadre: <Link href="/metodologia#encuadre">{frameLabel(v.framing.letter)}</Link>.
              </>
            ) : null}
            {v.otherLanguage ? (
              <>
                {" "}
                Encuadre y clickbait: <Link href="/metodologia#idioma">no aplicable</Link> (titular en{" "}
                {LANGUAGE_NAMES[v.otherLanguage] ?? v.otherLanguage}).
              </>
            ) : null}
            {v.abTest ? (
              <>
                {" "}
                <span className="badge" title="Se alternó con otra versión: vuelve a verse después de que apareciera otra">
                  Prueba A/B
                </span>
              </>
            ) : null}
          </p>
          <p className="timeline-headline">{v.diff ? <HeadlineDiff parts={v.diff} /> : v.headline}</p>
        </li>
      ))}
    </ol>
  );
}
