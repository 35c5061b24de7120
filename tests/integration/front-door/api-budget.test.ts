/**
 * The per-address budget of the open data at the front door, over real HTTP on loopback: API
 * calls and exports, counted per reader address (a trusted proxy's X-Forwarded-For), a 429
 * with Retry-After once spent, and the IETF draft's RateLimit fields on every API answer.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCachingProxy } from "../../../lib/front-door/page-cache/front-door";
import { createPageStore } from "../../../lib/front-door/page-cache/store";

const servers: http.Server[] = [];
let frontUrl: string;
let now = Date.UTC(2026, 10, 20, 9, 30, 0);

function listen(server: http.Server): Promise<number> {
  servers.push(server);
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));
}

const from = (address: string) => ({ headers: { "x-forwarded-for": address } });

beforeAll(async () => {
  const renderer = http.createServer((request, response) => {
    if (request.url!.startsWith("/api/v1/exports/")) {
      response.writeHead(200, { "content-type": "text/csv; charset=utf-8" });
      return void response.end("id\n1\n");
    }
    const json = request.url!.startsWith("/api/");
    response.writeHead(200, { "content-type": json ? "application/json" : "text/html; charset=utf-8" });
    response.end(json ? '{"items":[]}' : "<p>página</p>");
  });
  const port = await listen(renderer);
  const front = http.createServer(
    createCachingProxy({
      upstream: { host: "127.0.0.1", port },
      store: createPageStore({ ttlMs: 3_600_000, maxBytes: 1 << 20, now: () => now }),
      now: () => now,
      trustProxy: true,
      apiBudgets: { api: { limit: 3, windowS: 60 }, exports: { limit: 1, windowS: 60 } },
    }),
  );
  frontUrl = `http://127.0.0.1:${await listen(front)}`;
});

afterAll(() => {
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
});

describe("per-address budget of the API and the exports (WEB-3, SEC-6, SEC-7)", () => {
  it("SEC-7: API calls count per address, cached or not, each answer says what is left, and the one past the budget is a 429", async () => {
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await fetch(`${frontUrl}/api/v1/outlets`, from("203.0.113.7")));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(answers.map((r) => r.headers.get("x-cache"))).toEqual(["MISS", "HIT", "HIT"]);
    expect(answers.map((r) => r.headers.get("ratelimit-policy"))).toEqual(Array(3).fill('"api";q=3;w=60'));
    expect(answers.map((r) => r.headers.get("ratelimit"))).toEqual(['"api";r=2;t=60', '"api";r=1;t=60', '"api";r=0;t=60']);
    const refused = await fetch(`${frontUrl}/api/v1/outlets`, from("203.0.113.7"));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("60");
    expect(refused.headers.get("ratelimit")).toBe('"api";r=0;t=60');
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
    // Another address has its own budget; pages have none.
    expect((await fetch(`${frontUrl}/api/v1/outlets`, from("198.51.100.2"))).status).toBe(200);
    const page = await fetch(`${frontUrl}/metodologia`, from("203.0.113.7"));
    expect([page.status, page.headers.get("ratelimit")]).toEqual([200, null]);
    // The next window starts afresh.
    now += 60_000;
    expect((await fetch(`${frontUrl}/api/v1/outlets`, from("203.0.113.7"))).status).toBe(200);
  });

  it("SEC-7: exports have a smaller budget of their own", async () => {
    const first = await fetch(`${frontUrl}/api/v1/exports/articles.csv`, from("192.0.2.9"));
    expect([first.status, first.headers.get("ratelimit-policy")]).toEqual([200, '"exports";q=1;w=60']);
    await first.text();
    const second = await fetch(`${frontUrl}/api/v1/exports/articles.csv?x=1`, from("192.0.2.9"));
    expect(second.status).toBe(429);
    expect((await fetch(`${frontUrl}/api/v1/outlets`, from("192.0.2.9"))).status).toBe(200);
  });
});
