/**
 * SSRF guard (SPEC SEC-1): which IP addresses the crawler may connect to. Only globally
 * reachable unicast passes; every special-purpose block (IANA IPv4/IPv6 Special-Purpose
 * Address Registries, RFC 6890) is refused, and IPv6 forms that embed an IPv4 address
 * (mapped, NAT64, 6to4) are judged by that IPv4 address. Parsing is done here on bytes,
 * so no textual trick (`::ffff:7f00:1`, zone ids, zero runs) slips past a string match.
 */
import { isIP } from "node:net";

/** Why an address is refused; `undefined` from `refusedAddressReason` means allowed. */
export type RefusalReason =
  | "unparseable"
  | "unspecified"
  | "private"
  | "loopback"
  | "link-local"
  | "cgnat"
  | "metadata"
  | "multicast"
  | "broadcast"
  | "reserved"
  | "documentation"
  | "benchmarking"
  | "unique-local"
  | "site-local"
  | "ipv4-compatible"
  | "teredo"
  | "not-global";

interface Block {
  prefix: number[];
  bits: number;
  reason: RefusalReason;
}

const v4 = (cidr: string, reason: RefusalReason): Block => {
  const [ip, bits] = cidr.split("/");
  return { prefix: (ip ?? "").split(".").map(Number), bits: Number(bits), reason };
};
const v6 = (cidr: string, reason: RefusalReason): Block => {
  const [ip, bits] = cidr.split("/");
  return { prefix: [...(parseIPv6(ip ?? "") ?? [])], bits: Number(bits), reason };
};

// Order matters only for the reason reported: specific blocks come before their parents.
const IPV4_BLOCKS: Block[] = [
  v4("169.254.169.254/32", "metadata"), // AWS, GCP, Azure, OCI instance metadata
  v4("169.254.170.2/32", "metadata"), // AWS ECS task metadata
  v4("100.100.100.200/32", "metadata"), // Alibaba Cloud metadata
  v4("255.255.255.255/32", "broadcast"),
  v4("0.0.0.0/8", "unspecified"), // "this network"; connecting to 0.0.0.0 reaches localhost
  v4("10.0.0.0/8", "private"),
  v4("100.64.0.0/10", "cgnat"),
  v4("127.0.0.0/8", "loopback"),
  v4("169.254.0.0/16", "link-local"),
  v4("172.16.0.0/12", "private"),
  v4("192.0.0.0/24", "reserved"), // IETF protocol assignments
  v4("192.0.2.0/24", "documentation"),
  v4("192.88.99.0/24", "reserved"), // deprecated 6to4 relay anycast
  v4("192.168.0.0/16", "private"),
  v4("198.18.0.0/15", "benchmarking"),
  v4("198.51.100.0/24", "documentation"),
  v4("203.0.113.0/24", "documentation"),
  v4("224.0.0.0/4", "multicast"),
  v4("240.0.0.0/4", "reserved"),
];

const IPV6_BLOCKS: Block[] = [
  v6("fd00:ec2::254/128", "metadata"), // AWS instance metadata over IPv6
  v6("::/128", "unspecified"),
  v6("::1/128", "loopback"),
  v6("::/96", "ipv4-compatible"), // deprecated; never a real destination
  v6("64:ff9b:1::/48", "reserved"), // local-use NAT64 (RFC 8215): the IPv4 position varies, refuse
  v6("100::/64", "reserved"), // discard-only
  v6("fc00::/7", "unique-local"),
  v6("fe80::/10", "link-local"),
  v6("fec0::/10", "site-local"),
  v6("ff00::/8", "multicast"),
  v6("2001::/32", "teredo"), // tunnels to an obfuscated IPv4 address: refuse outright
  v6("2001:db8::/32", "documentation"),
  v6("2001::/23", "reserved"), // IETF protocol assignments (ORCHID, benchmarking, …)
  v6("3fff::/20", "documentation"),
  v6("5f00::/16", "reserved"), // SRv6 SIDs
];

// IPv6 prefixes that carry an IPv4 address: low 32 bits (mapped, NAT64) or bits 16–47 (6to4).
const MAPPED = v6("::ffff:0:0/96", "reserved");
const NAT64 = v6("64:ff9b::/96", "reserved"); // RFC 6052 well-known prefix only
const SIX_TO_FOUR = v6("2002::/16", "reserved");
const GLOBAL_UNICAST = v6("2000::/3", "not-global");

/** The reason an address must not be connected to, or `undefined` if it is public unicast. */
export function refusedAddressReason(address: string): RefusalReason | undefined {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = isIP(bare);
  if (family === 4) return ipv4Reason(parseIPv4(bare));
  if (family !== 6) return "unparseable";
  const bytes = parseIPv6(bare);
  if (!bytes) return "unparseable";
  // Embedded IPv4 first: `::ffff:127.0.0.1` is 127.0.0.1 to the kernel.
  if (matches(bytes, MAPPED)) return ipv4Reason([...bytes.subarray(12)]);
  if (matches(bytes, NAT64)) return ipv4Reason([...bytes.subarray(12)]);
  if (matches(bytes, SIX_TO_FOUR)) return ipv4Reason([...bytes.subarray(2, 6)]);
  const block = IPV6_BLOCKS.find((b) => matches(bytes, b));
  if (block) return block.reason;
  // Anything outside 2000::/3 is not global unicast (RFC 4291 §2.4).
  return matches(bytes, GLOBAL_UNICAST) ? undefined : "not-global";
}

/** True when `address` is a public unicast address the crawler may connect to. */
export function isPublicAddress(address: string): boolean {
  return refusedAddressReason(address) === undefined;
}

function ipv4Reason(octets: number[]): RefusalReason | undefined {
  return IPV4_BLOCKS.find((b) => matches(octets, b))?.reason;
}

function matches(bytes: ArrayLike<number>, block: Block): boolean {
  // IPv4 blocks apply to 4-byte values, IPv6 blocks to 16-byte values.
  if (bytes.length !== (block.prefix.length === 4 ? 4 : 16)) return false;
  let bits = block.bits;
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if (((bytes[i] ?? 0) & mask) !== ((block.prefix[i] ?? 0) & mask)) return false;
  }
  return true;
}

function parseIPv4(text: string): number[] {
  return text.split(".").map(Number);
}

/** Parse an IPv6 address (already validated by `isIP`) into 16 bytes; `undefined` if malformed. */
export function parseIPv6(text: string): Uint8Array | undefined {
  // A trailing dotted IPv4 part (`::ffff:1.2.3.4`) becomes the two hex words it stands for.
  const hex = text.replace(
    /(\d+)\.(\d+)\.(\d+)\.(\d+)$/,
    (_m, a: string, b: string, c: string, d: string) =>
      `${((Number(a) << 8) | Number(b)).toString(16)}:${((Number(c) << 8) | Number(d)).toString(16)}`,
  );
  const halves = hex.split("::");
  if (halves.length > 2) return undefined;
  const words = (s: string | undefined) => (s ? s.split(":").map((w) => (/^[0-9a-f]{1,4}$/i.test(w) ? parseInt(w, 16) : NaN)) : []);
  const left = words(halves[0]);
  const right = words(halves[1]);
  const missing = 8 - left.length - right.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const all = [...left, ...new Array<number>(Math.max(missing, 0)).fill(0), ...right];
  if (all.some((w) => Number.isNaN(w))) return undefined;
  const bytes = new Uint8Array(16);
  all.forEach((w, i) => {
    bytes[i * 2] = w >> 8;
    bytes[i * 2 + 1] = w & 0xff;
  });
  return bytes;
}
