/**
 * Reading a response body under the size caps of SPEC POL-5: the wire bytes and the
 * decoded bytes are both counted while streaming, and reading stops at the first byte
 * past the cap. Decoders only inflate as fast as the sink takes their output
 * (stream backpressure), so a gzip bomb costs about `cap` bytes of memory, not its size.
 */
import { Readable, Transform, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createDecoder, type Coding } from "./decompress";
import { FetchFailure } from "./outcome";

/** Counts body bytes as they arrive; readable after a failure too (for the request log, STO-5). */
export interface BodyMeter {
  wireBytes: number;
}

/** How to read one body. */
export interface BodyLimits {
  /** Codings in the order they were applied (the `Content-Encoding` order). */
  codings: Coding[];
  /** Largest wire size and largest decoded size, in bytes. */
  cap: number;
  /** Keep the first `cap` decoded bytes instead of failing with `too-large` (error pages). */
  truncate: boolean;
  signal: AbortSignal;
  meter: BodyMeter;
}

/** The decoded body; throws `FetchFailure` (too-large, decoding-error) or the stream's own error. */
export async function readBody(stream: Readable, limits: BodyLimits): Promise<{ body: Uint8Array; truncated: boolean }> {
  const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const head = await readHead(chunks, 2);
  if (head.length === 0) return { body: new Uint8Array(0), truncated: false }; // an empty body has nothing to decode
  const decoders = [...limits.codings].reverse().map((coding, i) => createDecoder(coding, i === 0 ? head : undefined));
  const decoderErrors = new WeakSet<object>();
  for (const d of decoders) d.once("error", (e: Error) => decoderErrors.add(e));
  const sink = new CappedSink(limits.cap, limits.truncate);
  try {
    await pipeline([Readable.from(replay(head, chunks), { objectMode: false }), wireCounter(limits), ...decoders, sink], {
      signal: limits.signal,
    });
  } catch (error) {
    // Our own cap errors travel through the decoders too (pipeline destroys every stage with them).
    if (error instanceof FetchFailure) {
      if (error.code === "too-large" && limits.truncate) return { body: sink.bytes(), truncated: true };
      throw error;
    }
    if (error !== null && typeof error === "object" && decoderErrors.has(error)) {
      const message = error instanceof Error ? error.message : "invalid data";
      throw new FetchFailure("decoding-error", `content decoding: ${message}`, { cause: error });
    }
    throw error;
  }
  return { body: sink.bytes(), truncated: false };
}

/** At least `min` bytes from the start of the body (fewer only if it is shorter): deflate's header is 2 bytes. */
async function readHead(chunks: AsyncIterator<Buffer>, min: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  while (size < min) {
    const next = await chunks.next();
    if (next.done) break;
    parts.push(next.value);
    size += next.value.length;
  }
  return Buffer.concat(parts);
}

/** The peeked first bytes, then the rest; returning early destroys the underlying stream. */
async function* replay(head: Buffer, rest: AsyncIterator<Buffer>): AsyncGenerator<Buffer> {
  yield head;
  yield* { [Symbol.asyncIterator]: () => rest };
}

function wireCounter(limits: BodyLimits): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      limits.meter.wireBytes += chunk.length;
      if (limits.meter.wireBytes > limits.cap) {
        callback(new FetchFailure("too-large", `body exceeds ${limits.cap} bytes on the wire`));
      } else callback(null, chunk);
    },
  });
}

/** Collects decoded bytes and fails at the first byte past the cap. */
class CappedSink extends Writable {
  private readonly parts: Buffer[] = [];
  private size = 0;
  constructor(
    private readonly cap: number,
    private readonly keepPrefix: boolean,
  ) {
    super();
  }
  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    if (this.size + chunk.length > this.cap) {
      if (this.keepPrefix) this.parts.push(chunk.subarray(0, this.cap - this.size));
      this.size = this.cap;
      callback(new FetchFailure("too-large", `decoded body exceeds ${this.cap} bytes`));
      return;
    }
    this.parts.push(chunk);
    this.size += chunk.length;
    callback();
  }
  bytes(): Uint8Array {
    const all = Buffer.concat(this.parts, this.size);
    return new Uint8Array(all.buffer, all.byteOffset, all.byteLength);
  }
}
