/**
 * One renderer of the site: the built Next.js app on a free internal loopback port, which
 * it tells its parent (scripts/site.ts, over IPC) once it is ready, with the key every
 * request must carry (lib/front-door/renderer-key.ts: only the front door knows it, so no
 * other local process can pass forged forwarded headers). The front door sends it the
 * requests the page cache cannot answer; several renderers render side by side.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import next from "next";
import { cancelledWhenAbandoned } from "../db/cancellable-queries";
import { exitWithError } from "../lib/fail";
import { carriesRendererKey, newRendererKey, RENDERER_KEY_HEADER } from "../lib/front-door/renderer-key";

/** The message a renderer sends its parent once it listens. */
export interface RendererListening {
  type: "listening";
  port: number;
  key?: string;
}

async function main(): Promise<void> {
  const app = next({ dev: false, dir: process.cwd(), hostname: "127.0.0.1" });
  await app.prepare();
  const handle = app.getRequestHandler();
  // A render whose connection the front door closes (reader gone, timeout) has its statements cancelled.
  const render = cancelledWhenAbandoned(handle);
  const key = newRendererKey();
  const server = http.createServer((request, response) => {
    if (!carriesRendererKey(request.headers, key)) {
      response.writeHead(403, { "content-type": "text/plain; charset=utf-8", connection: "close" });
      return void response.end("Solo se atiende a través de la puerta de entrada del sitio.\n");
    }
    delete request.headers[RENDERER_KEY_HEADER];
    render(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const ready: RendererListening = { type: "listening", port: (server.address() as AddressInfo).port, key };
  process.send?.(ready);
  await new Promise<void>((resolve) => {
    for (const sig of ["SIGINT", "SIGTERM"] as const) process.once(sig, () => resolve());
  });
  server.close();
  server.closeAllConnections();
  await app.close();
}

main().then(
  () => process.exit(0),
  (error: unknown) => exitWithError("site-renderer", error),
);
