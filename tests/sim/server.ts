/**
 * The simulated web: one `node:http` server on loopback that serves every outlet,
 * choosing the site by the Host header. Each request runs through the host's
 * scenarios (outermost first) and then the normal route; validators and 304s are
 * applied last, so they see the bytes actually sent.
 */
import http, { type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { getDomain } from "tldts";
import { AccessLog, wallClock, type AccessLogEntry } from "./access-log";
import { withArticleWindows } from "./article-windows";
import type { SimClock } from "./clock";
import { applyConditional } from "./conditional";
import type { SimRequest, SimResponse } from "./http-types";
import { indexHosts, simOutlets, type SimOutlet } from "./outlets";
import { defaultRobotsPlan, emptyRobotsPlan } from "./render/robots";
import { route } from "./router";
import { runScenario, ScenarioCounter, type Scenario, type ScenarioMap } from "./scenarios/index";
import { createTruth, type GroundTruth } from "./truth";
import { createWorld } from "./world";
import { writeResponse } from "./write-response";

/** Options for `startSimulatedWeb`. */
export interface SimulatedWebOptions {
  /** Where "now" comes from; tests pass a fake clock. */
  clock: SimClock;
  /** How many outlets (default 30, at most 36). */
  outlets?: number;
  /** Content seed (default 1). */
  seed?: number;
  /** Append every finished request to this file as JSONL. */
  accessLogPath?: string;
  /** Initial scenarios by exact host name. */
  scenarios?: ScenarioMap;
  /** Port to listen on (default 0: any free port). */
  port?: number;
  /** `Crawl-delay` (seconds) in the `*` group of every host's default robots.txt (default: none). */
  crawlDelay?: number;
  /**
   * The share of its usual rate each outlet publishes, own articles and stories alike
   * (default 1): the pacing bench's 10,000 sites at 0.1 publish what 1,000 sites do at 1.
   */
  publishing?: number;
  /** Slugs of outlets whose home page is staged by CSS (SimOutlet.staged; default none). */
  stagedFrontPages?: readonly string[];
}

/** A running simulated web. */
export interface SimulatedWeb {
  port: number;
  /** `http://127.0.0.1:PORT`. */
  url: string;
  /** For `HEMEROSCOPIO_RESOLVE`: `*.test=127.0.0.1:PORT`. */
  resolveRule: string;
  outlets: SimOutlet[];
  truth: GroundTruth;
  accessLog(): AccessLogEntry[];
  clearAccessLog(): void;
  /** Resolves when no request is in flight (entries then all have `end`). */
  idle(): Promise<void>;
  /** Replaces the scenarios of one host (an empty list restores normal behaviour). */
  setScenario(host: string, scenarios: Scenario[]): void;
  close(): Promise<void>;
}

/** Default robots.txt Last-Modified, before any scenario changes it. */
const ROBOTS_EPOCH = Date.UTC(2024, 0, 1);

function headersOf(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headersDistinct)) if (value) out[name] = value.join(", ");
  return out;
}

/** Starts the simulated web on 127.0.0.1. */
export async function startSimulatedWeb(options: SimulatedWebOptions): Promise<SimulatedWeb> {
  const { clock } = options;
  const staged = new Set(options.stagedFrontPages ?? []);
  const outlets = simOutlets(options.outlets ?? 30).map((o) => (staged.has(o.slug) ? { ...o, staged: true } : o));
  const world = withArticleWindows(createWorld(options.seed ?? 1, outlets, options.publishing));
  const hosts = indexHosts(outlets);
  const log = new AccessLog(options.accessLogPath);
  const scenarios = new Map<string, Scenario[]>(Object.entries(options.scenarios ?? {}).map(([h, list]) => [h.toLowerCase(), list]));
  const robotsChangedAt = new Map<string, number>();
  const counter = new ScenarioCounter();
  const open = new Set<AbortController>();

  function toSimRequest(req: IncomingMessage, signal: AbortSignal, now: number): SimRequest {
    const hostHeader = (req.headers.host ?? "").toLowerCase();
    const m = /^([^:]+)(:\d+)?$/.exec(hostHeader);
    const host = m?.[1] ?? hostHeader;
    const portSuffix = m?.[2] ?? "";
    const url = new URL(req.url ?? "/", "http://sim.invalid");
    const origin = (h: string) => `http://${h}${portSuffix}`;
    const site = hosts.get(host);
    const changedAt = Math.max(ROBOTS_EPOCH, robotsChangedAt.get(host) ?? 0);
    return {
      method: req.method ?? "GET",
      host,
      path: url.pathname,
      query: url.searchParams,
      headers: headersOf(req),
      now,
      signal,
      site,
      origin,
      robots:
        site && site.role !== "bare" ? defaultRobotsPlan(site.outlet, site.role, origin, changedAt, options.crawlDelay) : emptyRobotsPlan(),
    };
  }

  async function answer(req: SimRequest): Promise<SimResponse> {
    if (req.method !== "GET" && req.method !== "HEAD") return { status: 405, headers: { allow: "GET, HEAD" }, body: "" };
    const chain = counter.select(scenarios.get(req.host) ?? [], req);
    const run = (i: number): Promise<SimResponse> => {
      const s = chain[i];
      return s ? runScenario(s, req, () => run(i + 1)) : Promise.resolve(route(world, req));
    };
    return applyConditional(req, await run(0));
  }

  const server = http.createServer((req, res) => {
    // Node would stamp Date from the wall clock; writeResponse sets it from the simulated one.
    res.sendDate = false;
    const controller = new AbortController();
    open.add(controller);
    const sim = toSimRequest(req, controller.signal, clock.now());
    const entry = log.begin({
      start: wallClock(),
      simTime: sim.now,
      host: sim.host,
      site: getDomain(sim.host) ?? sim.host,
      method: sim.method,
      path: req.url ?? "/",
      status: 0,
      bytes: 0,
      requestHeaders: sim.headers,
    });
    // Set when the simulator itself drops the connection (hang): not a client abort.
    let dropped = false;
    res.on("close", () => {
      open.delete(controller);
      const unfinished = !res.writableFinished;
      if (unfinished) controller.abort();
      log.finish(entry, unfinished && !dropped);
    });
    answer(sim)
      .then((out) => {
        if (!out.destroy && !sim.signal.aborted) return writeResponse(res, sim, out, entry);
        dropped = !sim.signal.aborted;
        res.socket?.destroy();
      })
      .catch((error: unknown) => {
        // A simulator bug must show up as a 500 in the test, not hang the client.
        if (!res.headersSent) {
          entry.status = 500;
          res.writeHead(500, { "content-type": "text/plain" }).end(`simulator error: ${String(error)}\n`);
        } else res.destroy();
      });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    // A backlog past Node's 511: thousands of sites' first requests arrive at once, and a full
    // accept queue drops connections (the client then times out connecting, as from a dead server).
    server.listen({ port: options.port ?? 0, host: "127.0.0.1", backlog: 4096 }, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    port,
    url: `http://127.0.0.1:${port}`,
    resolveRule: `*.test=127.0.0.1:${port}`,
    outlets,
    truth: createTruth(world),
    accessLog: () => log.list(),
    clearAccessLog: () => log.clear(),
    idle: () => log.idle(),
    setScenario(host, list) {
      scenarios.set(host.toLowerCase(), list);
      robotsChangedAt.set(host.toLowerCase(), clock.now());
    },
    async close() {
      for (const c of open) c.abort();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await log.close();
    },
  };
}
