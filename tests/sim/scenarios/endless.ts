/**
 * An endless body: a 200 that keeps streaming plausible HTML until the client
 * disconnects (SPEC POL-5 size caps). It writes only as fast as the client reads
 * (back-pressure) and stops the moment the socket closes.
 */
import type { BodySink, SimRequest, SimResponse } from "../http-types";
import type { EndlessScenario } from "./types";

const CHUNK = new TextEncoder().encode(
  `${'<p class="relleno">Esta página no termina nunca: sigue y sigue, como un pergamino sin final.</p>\n'.repeat(200)}`,
);

async function forever(sink: BodySink): Promise<void> {
  const head = new TextEncoder().encode('<!DOCTYPE html><html lang="es"><head><title>Sin fin</title></head><body>\n');
  if (!(await sink.write(head))) return;
  while (!sink.signal.aborted) {
    if (!(await sink.write(CHUNK))) return;
    // Yield to the event loop so a fast client cannot starve the server's other work.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** 200 with a body that never ends. */
export async function endless(s: EndlessScenario, _req: SimRequest): Promise<SimResponse> {
  return { status: 200, headers: { "content-type": s.contentType ?? "text/html; charset=utf-8" }, stream: forever };
}
