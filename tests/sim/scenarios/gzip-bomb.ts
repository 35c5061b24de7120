/**
 * A gzip bomb generated lazily: one 1 MiB block of zeros is deflated once (ending
 * in a full flush, so the compressed block can be repeated byte for byte), then
 * streamed as many times as needed. ~1 KiB on the wire per MiB inflated; nothing
 * large is ever held in memory. The CRC-32 of a zero block is an affine map of the
 * running CRC, precomputed once, so a block costs 32 XORs instead of a 1 MiB scan.
 */
import zlib from "node:zlib";
import type { BodySink, SimRequest, SimResponse } from "../http-types";
import type { GzipBombScenario } from "./types";

const MiB = 1 << 20;
const ZEROS = new Uint8Array(MiB);
/** gzip header: magic, deflate, no flags, no mtime, max compression, unknown OS. */
const HEADER = new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 2, 255]);
/** An empty final fixed-Huffman block: ends the deflate stream. */
const FINAL_BLOCK = new Uint8Array([0x03, 0x00]);

let fullBlock: Uint8Array | undefined;
let zeroBlockCrc: ((crc: number) => number) | undefined;

/** crc32(1 MiB of zeros, prev) as A·prev ⊕ b over GF(2), from 33 probes of zlib's own crc32. */
function zeroBlockCrcStep(): (crc: number) => number {
  const base = zlib.crc32(ZEROS, 0);
  const columns = Array.from({ length: 32 }, (_, i) => (zlib.crc32(ZEROS, 2 ** i) ^ base) >>> 0);
  return (crc) => {
    let out = base;
    columns.forEach((column, i) => {
      if ((crc >>> i) & 1) out ^= column;
    });
    return out >>> 0;
  };
}
const deflateZeros = (n: number) =>
  new Uint8Array(zlib.deflateRawSync(ZEROS.subarray(0, n), { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH }));

/** Streams a gzip member inflating to `total` zero bytes. */
async function writeBomb(total: number, sink: BodySink): Promise<void> {
  fullBlock ??= deflateZeros(MiB);
  zeroBlockCrc ??= zeroBlockCrcStep();
  if (!(await sink.write(HEADER))) return;
  let crc = 0;
  for (let left = total; left > 0; left -= MiB) {
    const n = Math.min(MiB, left);
    if (!(await sink.write(n === MiB ? fullBlock : deflateZeros(n)))) return;
    crc = n === MiB ? zeroBlockCrc(crc) : zlib.crc32(ZEROS.subarray(0, n), crc);
  }
  const trailer = new Uint8Array(8);
  const view = new DataView(trailer.buffer);
  view.setUint32(0, crc >>> 0, true);
  view.setUint32(4, total % 0x1_0000_0000, true);
  await sink.write(FINAL_BLOCK);
  await sink.write(trailer);
}

/** 200 with a body that inflates to `inflatedBytes` (default 1 GiB). */
export async function gzipBomb(s: GzipBombScenario, _req: SimRequest): Promise<SimResponse> {
  const total = s.inflatedBytes ?? 1024 * MiB;
  const headers: Record<string, string> = s.asFile
    ? { "content-type": "application/gzip" }
    : { "content-type": s.contentType ?? "text/html; charset=utf-8", "content-encoding": "gzip" };
  return { status: 200, headers, stream: (sink) => writeBomb(total, sink) };
}
