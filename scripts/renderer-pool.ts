/**
 * The site's renderers (scripts/site-renderer.ts), each a supervised child process: the
 * front door hands each render to the one with the fewest requests in flight, so a slow
 * page holds up neither the cache's answers nor the other renderer's pages, and two
 * renders use two cores. A renderer that dies is started again (supervise.ts); meanwhile
 * the others take its share.
 */
import type { Logger } from "../lib/log";
import type { RendererLease, RendererPool } from "../lib/front-door/page-cache/upstream";
import type { RendererListening } from "./site-renderer";
import { entryArgs } from "./runtime/entry";
import { supervise, type Supervised } from "./supervise";

interface Slot {
  port?: number;
  key?: string;
  inFlight: number;
  child?: Supervised;
}

function isListening(message: unknown): message is RendererListening {
  return typeof message === "object" && message !== null && (message as { type?: unknown }).type === "listening";
}

/**
 * Start `count` renderers (scripts/site-renderer.ts, or `script`: a TypeScript entry run through
 * tsx that sends RendererListening once it listens); `ready` settles once every one listens, or
 * fails if one exits first.
 */
export function startRenderers(
  count: number,
  env: NodeJS.ProcessEnv,
  log: Logger,
  script?: string,
): RendererPool & { ready: Promise<void>; stop(): Promise<void> } {
  const slots: Slot[] = Array.from({ length: count }, () => ({ inFlight: 0 }));
  let turn = 0;
  let settle!: { resolve: () => void; reject: (error: Error) => void };
  const ready = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  let started = false;
  slots.forEach((slot, i) => {
    slot.child = supervise(`renderer-${i}`, script ? ["--import", "tsx", script] : entryArgs("site-renderer"), env, log, {
      onMessage(message) {
        if (!isListening(message)) return;
        slot.port = message.port;
        slot.key = message.key;
        if (!started && slots.every((s) => s.port !== undefined)) {
          started = true;
          settle.resolve();
        }
      },
      onExit() {
        slot.port = undefined;
        slot.key = undefined;
        if (!started) settle.reject(new Error(`renderer ${i} exited before it was ready (is the site built?)`));
      },
    });
  });
  return {
    ready,
    acquire(): RendererLease | undefined {
      let best: Slot | undefined;
      // Least requests in flight; ties go round the renderers.
      for (let k = 0; k < slots.length; k++) {
        const slot = slots[(turn + k) % slots.length]!;
        if (slot.port !== undefined && (!best || slot.inFlight < best.inFlight)) best = slot;
      }
      turn = (turn + 1) % slots.length;
      if (!best) return undefined;
      const chosen = best;
      chosen.inFlight++;
      let released = false;
      return {
        host: "127.0.0.1",
        port: chosen.port!,
        key: chosen.key,
        release() {
          if (released) return;
          released = true;
          chosen.inFlight--;
        },
      };
    },
    async stop() {
      await Promise.all(slots.map((s) => s.child?.stop()));
    },
  };
}
