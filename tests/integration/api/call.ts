/** Calls the open-data endpoints in-process, as the route handlers do, against a test database. */
import type { Database } from "../../../db/client";
import { answerApi, type Endpoint } from "../../../app/_lib/api/answer";
import { datasetNamed } from "../../../db/open-data/datasets/index";
import { articleEndpoint, listEndpoint, outletEndpoint, storyEndpoint } from "../../../app/_lib/api/endpoints";
import { exportEndpoint } from "../../../app/_lib/api/export";
import { parseCsv } from "../../../lib/csv";

/** The endpoint a path of the API names, as app/api/v1 routes it. */
function endpointFor(pathname: string): Endpoint {
  const parts = pathname.replace(/^\/api\/v1\/?/, "").split("/");
  const [first, second] = parts;
  if (first === "exports" && second) return (ctx, req) => exportEndpoint(ctx, req, second);
  if (first === "outlets" && second) return (ctx, req) => outletEndpoint(ctx, req, second);
  if (first === "articles" && second) return (ctx, req) => articleEndpoint(ctx, req, second);
  if (first === "stories" && second) return (ctx, req) => storyEndpoint(ctx, req, second);
  const dataset = datasetNamed(first ?? "");
  if (!dataset) throw new Error(`no route for ${pathname}`);
  return (ctx, req) => listEndpoint(ctx, req, dataset);
}

/** A caller bound to a database; unexpected errors fail loudly. */
export function apiCaller(database: () => Database, now: () => number = () => Date.parse("2026-03-05T00:00:00Z")) {
  async function call(path: string, headers: Record<string, string> = {}): Promise<Response> {
    const url = new URL(path, "http://api.test");
    const request = new Request(url, { headers });
    return answerApi(
      async () => database().db,
      request,
      endpointFor(url.pathname),
      (error) => {
        throw error;
      },
      now(),
    );
  }
  async function json<T = { data: Record<string, unknown>[] }>(path: string): Promise<T> {
    const response = await call(path);
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }
  /** An export's CSV as objects keyed by the header row. */
  async function csv(path: string): Promise<Record<string, string>[]> {
    const response = await call(path);
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    const [header, ...rows] = parseCsv(await response.text());
    return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ""])));
  }
  return { call, json, csv };
}
