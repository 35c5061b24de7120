/**
 * The load bench's "attack" step (SPEC SEC-7: one client cannot take the site down): one client
 * with 20 connections sends 200 distinct valid year-long periods of an outlet's page, 20
 * chart SVGs with periods and 20 exports, as fast as it is answered. Meanwhile a reader asks
 * for the home page and the outlet's (cached) page in turn: their p95 must stay ≤ 500 ms with
 * no 503. Once the attack is over, the site must be back to normal within 5 s: a page never
 * asked for before (a fresh render) answers 200.
 */
import http from "node:http";
import type postgres from "postgres";
import { percentile } from "./mix-load";
import { exactly, figure, type Figure } from "../types";

const CONNECTIONS = 20;
const READER_P95_GOAL_MS = 500;
const BACK_TO_NORMAL_GOAL_S = 5;
const DAY_MS = 86_400_000;
const atMost = (max: number) => (value: number) => ({ bound: `≤ ${max}`, ok: value <= max });

/** Status and milliseconds of one GET (status 0: the connection failed). */
function timedGet(url: string, agent?: http.Agent): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const request = http.get(url, { agent }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }));
      response.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
    });
    request.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
  });
}

export async function attackStep(
  siteUrl: string,
  sql: postgres.Sql,
  historyEnd: number,
  progress: (line: string) => void,
): Promise<Figure[]> {
  const outlets = await sql<{ slug: string }[]>`select slug from outlets where active order by id limit 2`;
  const [target, fresh] = [outlets[0]!.slug, outlets[1]?.slug ?? outlets[0]!.slug];
  const day = (back: number) => new Date(historyEnd - back * DAY_MS).toISOString().slice(0, 10);
  const urls = [
    ...Array.from({ length: 200 }, (_, i) => `/cabeceras/${target}?desde=${day(364 + i)}&hasta=${day(i)}`),
    ...Array.from({ length: 20 }, (_, i) => `/cabeceras/${target}/grafico.svg?tipo=posiciones&desde=${day(300 + i)}&hasta=${day(i)}`),
    ...Array.from({ length: 20 }, (_, i) => `/api/v1/exports/articles.csv?from=${day(60 + i)}&to=${day(i)}`),
  ];
  // The reader's pages are in the cache before the attack, as on a site in service.
  for (const path of ["/", `/cabeceras/${target}`]) await timedGet(`${siteUrl}${path}`);

  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const statuses: Record<string, number> = {};
  let done = false;
  const client = async () => {
    for (let url = urls.shift(); url !== undefined; url = urls.shift()) {
      const { status } = await timedGet(`${siteUrl}${url}`, agent);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  const reader: { status: number; ms: number }[] = [];
  const reading = (async () => {
    for (let i = 0; !done; i++) reader.push(await timedGet(`${siteUrl}${i % 2 ? `/cabeceras/${target}` : "/"}`));
  })();
  const attackStart = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, client));
  const attackS = (performance.now() - attackStart) / 1000;
  done = true;
  await reading;
  agent.destroy();

  // Back to normal: a page never asked for renders (tried every 100 ms for up to 30 s).
  const ended = performance.now();
  let backS = Number.NaN;
  for (let i = 0; performance.now() - ended < 30_000; i++) {
    const { status } = await timedGet(`${siteUrl}/cabeceras/${fresh}?desde=${day(20 + i)}&hasta=${day(13 + i)}`);
    if (status === 200) {
      backS = (performance.now() - ended) / 1000;
      break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const ms = reader.map((r) => r.ms).sort((a, b) => a - b);
  progress(`attack: ${attackS.toFixed(1)} s, attacker's statuses ${JSON.stringify(statuses)}; reader ${reader.length} requests`);
  return [
    figure(`attack: the attacker's answers (240 requests over ${CONNECTIONS} connections) that were 503`, statuses["503"] ?? 0, "requests"),
    figure("attack: reader's home and cached outlet page, p95", Math.round(percentile(ms, 95)), "ms", atMost(READER_P95_GOAL_MS)),
    figure(
      "attack: reader's home and cached outlet page, not 200",
      reader.filter((r) => r.status !== 200).length,
      `of ${reader.length}`,
      exactly(0),
    ),
    figure(
      "attack: seconds from its end to a fresh page rendered (back to normal)",
      Math.round(backS * 10) / 10,
      "s",
      atMost(BACK_TO_NORMAL_GOAL_S),
    ),
  ];
}
