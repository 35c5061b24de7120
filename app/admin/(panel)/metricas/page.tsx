/**
 * The crawler's figures for the operator (SPEC OPS-5): now (workers alive, late polls, closed
 * sites, failing extractions, the database's size per table) and over the last 24 hours
 * (requests per minute by outcome, bytes, blocks, failed extractions), charted like the public
 * pages. The same figures `/metrics` gives Prometheus, read from the database
 * (db/queries/admin/metrics.ts).
 */
import type { Metadata } from "next";
import { BarChart } from "@/app/_components/charts/bar-chart";
import { readCurrentMetrics, readMetricsHistory, RATE_WINDOW_MINUTES } from "@/db/queries/admin/metrics";
import { appConfig, database, siteClock } from "@/db/server";
import { requireOperator } from "@/app/admin/_lib/gate";
import { formatBytes, formatNumber } from "@/lib/pages/format";
import { formatMoment } from "@/lib/pages/period";
import { HourChart } from "./hour-chart";

export const metadata: Metadata = { title: "Métricas" };

/** The request log's outcomes in four groups, so the chart keeps a short legend (the table has each outcome). */
const GROUPS: [string, (outcome: string) => boolean][] = [
  ["Respondidas", (o) => ["ok", "not-modified", "redirect"].includes(o)],
  ["Rechazadas por el sitio", (o) => ["blocked", "challenge", "rate-limited"].includes(o)],
  ["No enviadas (robots.txt)", (o) => o === "robots-disallowed"],
  ["Fallidas", () => true],
];

function groupOf(outcome: string): number {
  return GROUPS.findIndex(([, match]) => match(outcome));
}

/** How many tables the size chart shows; the rest are summed in one bar. */
const TOP_TABLES = 12;

export default async function MetricsPage() {
  await requireOperator();
  const { db } = await database();
  const now = siteClock().now();
  const [current, hours] = await Promise.all([readCurrentMetrics(db, now, appConfig().time.scale), readMetricsHistory(db, now)]);
  const perMinute = (n: number) => Math.round((n / 60) * 100) / 100;
  const requestHours = hours.map((h) => {
    const values = GROUPS.map(() => 0);
    for (const [outcome, n] of Object.entries(h.byOutcome)) values[groupOf(outcome)]! += n;
    return { start: h.start, values: values.map(perMinute) };
  });
  const period = `de las últimas 24 horas, hasta ${formatMoment(now)} (la última hora, en curso)`;
  const tables = current.tableBytes.slice(0, TOP_TABLES).map((t) => ({ label: t.table, value: Math.round(t.bytes / 1024) }));
  const rest = current.tableBytes.slice(TOP_TABLES).reduce((n, t) => n + t.bytes, 0);
  if (rest > 0) tables.push({ label: `Las otras ${current.tableBytes.length - TOP_TABLES}`, value: Math.round(rest / 1024) });
  const totalBytes = current.tableBytes.reduce((n, t) => n + t.bytes, 0);
  return (
    <>
      <h1>Métricas</h1>
      <p className="hint">
        Cifras leídas de la base de datos al abrir la página, las mismas que <code>/metrics</code> da a Prometheus (solo desde esta máquina
        o con su token).
      </p>
      <h2>Ahora</h2>
      <table className="admin-table" data-testid="metrics-now">
        <tbody>
          <tr>
            <th scope="row">Procesos del rastreador activos</th>
            <td>
              {formatNumber(current.workersAlive)} <span className="hint">(con latido en los últimos 2 minutos)</span>
            </td>
          </tr>
          <tr>
            <th scope="row">Consultas con retraso</th>
            <td>
              {formatNumber(current.latePolls)}
              {current.latePolls > 0 ? <> · la más atrasada, {formatNumber(Math.round(current.maxLagSeconds / 60))} min</> : null}{" "}
              <span className="hint">(pendientes más de un minuto después de su hora, en sitios sin bloqueo ni espera)</span>
            </td>
          </tr>
          <tr>
            <th scope="row">Peticiones por minuto</th>
            <td>
              {formatNumber(current.requestsPerMinute.reduce((n, r) => n + r.perMinute, 0))}{" "}
              <span className="hint">
                (media de los últimos {RATE_WINDOW_MINUTES} minutos; {formatBytes(current.bytesPerMinute)} por minuto)
              </span>
            </td>
          </tr>
          <tr>
            <th scope="row">Bloqueos</th>
            <td>
              {formatNumber(current.blocksPerMinute)} por minuto · {formatNumber(current.closedSites)}{" "}
              {current.closedSites === 1 ? "sitio cerrado" : "sitios cerrados"}
            </td>
          </tr>
          <tr>
            <th scope="row">Extracciones fallidas</th>
            <td>
              {formatNumber(current.sourcesFailingExtraction)} {current.sourcesFailingExtraction === 1 ? "fuente falla" : "fuentes fallan"}{" "}
              ahora · {formatNumber(current.failedExtractionsPerMinute)} portadas por minuto
            </td>
          </tr>
          <tr>
            <th scope="row">Base de datos</th>
            <td>
              {formatBytes(totalBytes)} en {formatNumber(current.tableBytes.length)} tablas
            </td>
          </tr>
        </tbody>
      </table>
      <HourChart
        testId="metrics-requests"
        title="Peticiones por minuto"
        unit="Peticiones por minuto"
        series={GROUPS.map(([g]) => g)}
        hours={requestHours}
        caption={`Peticiones del rastreador por minuto (media de cada hora), según cómo acabaron, ${period}. Rechazadas: 401/403, desafíos y 429.`}
      />
      <HourChart
        testId="metrics-bytes"
        title="Datos recibidos"
        unit="KiB"
        series={["KiB"]}
        hours={hours.map((h) => ({ start: h.start, values: [Math.round(h.bytes / 1024)] }))}
        caption={`KiB recibidos por el rastreador en cada hora, ${period}.`}
      />
      <HourChart
        testId="metrics-blocks"
        title="Bloqueos"
        unit="Peticiones bloqueadas"
        series={["Bloqueos"]}
        hours={hours.map((h) => ({ start: h.start, values: [h.blocks] }))}
        caption={`Peticiones que un sitio rechazó (401/403 o un desafío) en cada hora, ${period}.`}
      />
      <HourChart
        testId="metrics-extractions"
        title="Extracciones fallidas"
        unit="Portadas"
        series={["Portadas"]}
        hours={hours.map((h) => ({ start: h.start, values: [h.failedExtractions] }))}
        caption={`Capturas de portada cuya extracción falló en cada hora, ${period}.`}
      />
      <section data-testid="metrics-tables">
        <h2>Tamaño de la base de datos</h2>
        <BarChart
          title="Tamaño de cada tabla"
          caption={`Tamaño en disco de cada tabla con sus índices, en KiB, a ${formatMoment(now)}.`}
          bars={tables}
          labelHeader="Tabla"
          valueLabel="KiB"
        />
      </section>
    </>
  );
}
