/**
 * Which URLs the fetcher will request at all: http(s) only, no credentials (SPEC POL-3:
 * never log in), and not on ports that other protocols listen on.
 */
import { FetchFailure } from "./outcome";

// WHATWG Fetch "bad port" list: a crafted link must not make us talk HTTP to SMTP, IRC…
const BAD_PORTS = new Set([
  0, 1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113, 115, 117,
  119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636,
  989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/** Parse a request URL; throws `FetchFailure("bad-url")` for anything we never request. */
export function parseRequestUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new FetchFailure("bad-url", "not an absolute URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new FetchFailure("bad-url", `scheme ${url.protocol.slice(0, 20)} is not requested`);
  }
  if (url.username || url.password) throw new FetchFailure("bad-url", "credentials in URL are never sent");
  if (!url.hostname) throw new FetchFailure("bad-url", "no host");
  return url;
}

/** The port a URL connects to (explicit or the scheme's default). */
export function urlPort(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
}

/** Throws `bad-url` for a port on the WHATWG bad-port list. */
export function checkPort(port: number): void {
  if (BAD_PORTS.has(port)) throw new FetchFailure("bad-url", `port ${port} is not an HTTP port`);
}
