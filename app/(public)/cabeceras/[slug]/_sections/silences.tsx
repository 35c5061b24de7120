/**
 * "Silencios" (SPEC DER-11): the stories most of the outlets we follow carried in the last 7
 * days, or in the chosen period (its last 31 days at most), that this outlet never ran, or
 * never placed in its top ranks. The rule and its
 * measured false positives are on /metodologia.
 */
import { Link } from "@/app/_components/link";
import type { OutletSilences } from "@/db/figures/outlet-page/silences";
import { SILENCES_SHOWN, silenceFinding } from "@/lib/analysis/silences";
import { formatCount, formatNumber } from "@/lib/pages/format";
import { formatPercent, formatPeriod } from "@/lib/pages/period";
import { Moment } from "../../../../_components/moment";

/** The list, or why there is none. */
export function SilencesSection({
  data,
  outletName,
  timeZone,
  slug,
  chosen,
}: {
  data: OutletSilences;
  outletName: string;
  timeZone: string;
  slug: string;
  chosen: boolean;
}) {
  const shown = data.silences.slice(0, SILENCES_SHOWN);
  const period = formatPeriod(data.start, data.end, timeZone);
  const rule =
    data.needed === null
      ? `al menos el ${formatPercent(data.rule.share)} de las cabeceras que seguimos (y nunca menos de ${data.rule.minCarriers ?? 1})`
      : `al menos ${data.needed} de las cabeceras que seguimos (el ${formatPercent(data.rule.share)}, y nunca menos de ${data.rule.minCarriers ?? 1})`;
  const finding = silenceFinding({ followed: data.followed, qualifying: data.qualifying, silences: data.silences.length, rule: data.rule });
  return (
    <section id="silencios" aria-labelledby="silencios-titulo" data-testid="silences">
      <h2 id="silencios-titulo">Silencios</h2>
      <p className="hint">
        Historias que contaron {rule} ({formatCount(data.followed, "cabecera seguida", "cabeceras seguidas")} en este periodo, {period}) y
        que {outletName} no publicó
        {data.positions ? `, o que publicó pero nunca llevó a los ${data.rule.topRank} primeros puestos de su portada` : ""}. Un silencio
        puede ser un error nuestro: si agrupamos su noticia en otra historia, aquí parece que no la dio.{" "}
        <Link href="/metodologia#silencios">La regla y cuántas veces se equivoca</Link>.
      </p>
      {!data.grouped ? (
        <p>
          <span className="badge">Sin datos</span> Pidió «sin anotación de modelo»: no agrupamos sus noticias en historias, así que no
          juzgamos qué dejó fuera.
        </p>
      ) : !data.judged ? (
        <p>
          <span className="badge">Sin datos suficientes</span> No seguimos su portada durante la mayor parte de este periodo, así que no
          juzgamos qué dejó fuera.
        </p>
      ) : finding === "no-medible" ? (
        <p data-testid="silences-finding" data-finding={finding}>
          <span className="badge">No medible</span> Seguimos {formatCount(data.followed, "cabecera", "cabeceras")} en este periodo; para
          comparar hacen falta al menos {data.rule.minFollowed}.
        </p>
      ) : finding === "sin-historias-compartidas" ? (
        <p data-testid="silences-finding" data-finding={finding}>
          <span className="badge">No medible</span> En este periodo ninguna historia la contaron {data.needed} o más de las{" "}
          {formatNumber(data.followed)} cabeceras seguidas: no hubo nada ampliamente compartido que dejar fuera, así que no podemos decir si{" "}
          {outletName} calla algo.
        </p>
      ) : finding === "ninguno" ? (
        <p data-testid="silences-finding" data-finding={finding}>
          Ninguno entre las {formatCount(data.qualifying, "historia", "historias")} que contaron {data.needed} o más cabeceras: las publicó
          {data.positions ? " y destacó" : ""} todas.
        </p>
      ) : (
        <div className="table-wrap" data-testid="silences-finding" data-finding={finding}>
          <table className="data-table">
            <caption className="table-caption">
              Historias que contaron {data.needed} o más cabeceras y {outletName} no{data.positions ? " (o no destacó)" : ""}
            </caption>
            <thead>
              <tr>
                <th scope="col">Historia</th>
                <th scope="col">Vista desde</th>
                <th scope="col">La contaron</th>
                <th scope="col">{outletName}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((s) => (
                <tr key={s.storyId} data-story={s.storyId} data-kind={s.kind}>
                  <td className="headline">
                    <Link href={`/historias/${s.storyId}`}>{s.label?.headline ?? s.keyTerms.join(", ")}</Link>
                  </td>
                  <td>
                    <Moment at={s.firstSeenAt} timeZone={timeZone} />
                  </td>
                  <td>
                    {s.carriers} de {s.followed}
                  </td>
                  <td>
                    {s.kind === "no-publicada"
                      ? "no la publicó"
                      : s.bestRank === null
                        ? "la publicó, nunca en portada"
                        : `la publicó; como mucho, en el puesto ${s.bestRank}`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {shown.length < data.silences.length ? (
            <p className="hint" data-testid="silences-more">
              Mostramos {shown.length} de {data.silences.length}.{" "}
              {chosen ? null : (
                <>
                  Todos, en{" "}
                  <a href={`/api/v1/outlets/${slug}`} data-testid="silences-all">
                    los datos abiertos de la cabecera (JSON)
                  </a>
                  .
                </>
              )}
            </p>
          ) : null}
        </div>
      )}
    </section>
  );
}
