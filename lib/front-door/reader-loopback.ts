/**
 * Whether a reader is on this machine (SPEC OPS-5: `/metrics` answers loopback readers
 * without a token). Only the front door can tell: it sees the socket, and behind a trusted
 * reverse proxy the address that proxy appended (readerAddress). It says so to its renderers in
 * `READER_LOOPBACK_HEADER`, always set by itself, so a value a reader sends is overwritten.
 *
 * A request that reaches us from loopback carrying a forwarding header, while the proxy is not
 * trusted, came through a proxy on this machine on behalf of someone else: not loopback.
 */
import type { IncomingHttpHeaders } from "node:http";
import { isIP } from "node:net";

/** The header the front door tells its renderers in: `1` loopback, `0` not. */
export const READER_LOOPBACK_HEADER = "x-hemeroscopio-reader-loopback";

/**
 * The address of a reader the front door cannot place (a trusted proxy that sent no
 * X-Forwarded-For): never loopback, and one rate-limit and login bucket apart from every
 * known address, so the proxy's own address is never taken for its readers'.
 */
export const UNKNOWN_READER = "unknown";

/** Headers a proxy adds on a reader's behalf. */
const FORWARDING_HEADERS = [
  "x-forwarded-for",
  "forwarded",
  "x-real-ip",
  "x-forwarded-host",
  "x-client-ip",
  "true-client-ip",
  "cf-connecting-ip",
];

/** True for 127.0.0.0/8, ::1 and IPv4-mapped loopback. */
export function isLoopbackAddress(address: string): boolean {
  const plain = address.replace(/^::ffff:/i, "");
  if (isIP(plain) === 4) return plain.startsWith("127.");
  return isIP(address) === 6 && /^(0{0,4}:){2,7}0{0,3}1$|^::1$/i.test(address);
}

/** The reader's address (as the front door takes it) is loopback, and nothing says it came through an untrusted proxy. */
export function readerIsLoopback(address: string, headers: IncomingHttpHeaders, trustProxy: boolean): boolean {
  if (!isLoopbackAddress(address)) return false;
  return trustProxy || FORWARDING_HEADERS.every((h) => headers[h] === undefined);
}
