/**
 * A stand-in for scripts/site-renderer.ts in the renderer pool's tests: it listens on a
 * free loopback port, tells its parent as the real one does, and answers with its pid
 * (after `?ms=N` milliseconds), and like the real one refuses requests without its key.
 * With STUB_RENDERER_FAIL=1 it exits before listening.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { carriesRendererKey, newRendererKey } from "../../lib/front-door/renderer-key";

if (process.env.STUB_RENDERER_FAIL === "1") process.exit(3);
const key = newRendererKey();
const server = http.createServer((request, response) => {
  if (!carriesRendererKey(request.headers, key)) {
    response.writeHead(403);
    return void response.end("no key");
  }
  const ms = Number(new URL(request.url ?? "/", "http://x").searchParams.get("ms") ?? 0);
  setTimeout(() => response.end(String(process.pid)), ms);
});
server.listen(0, "127.0.0.1", () => process.send?.({ type: "listening", port: (server.address() as AddressInfo).port, key }));
process.once("SIGTERM", () => {
  server.close();
  server.closeAllConnections();
  process.exit(0);
});
