/**
 * One renderer of the site: the built Next.js app on a free internal loopback port, which
 * it tells its parent (scripts/site.ts, over IPC) once it is ready. The front door there
 * sends it the requests the page cache cannot answer; several renderers render side by side.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import next from "next";
import { exitWithError } from "../lib/fail";

/** The message a renderer sends its parent once it listens. */
export interface RendererListening { type: "listening"; port: number }

async function main(): Promise<void> {
  const app = next({ dev: false, dir: process.cwd(), hostname: "127.0.0.1" });
  await app.prepare();
  const handle = app.getRequestHandler();
  const server = http.createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const ready: RendererListening = { type: "listening", port: (server.address() as AddressInfo).port };
  process.send?.(ready);
  await new Promise<void>((resolve) => {
    for (const sig of ["SIGINT", "SIGTERM"] as const) process.once(sig, () => resolve());
  });
  server.close();
  server.closeAllConnections();
  await app.close();
}

main().then(() => process.exit(0), (error: unknown) => exitWithError("site-renderer", error));
