import { describe, expect, it } from "vitest";
import { isPublicAddress, parseIPv6, refusedAddressReason, type RefusalReason } from "@/crawler/fetch/address-guard";

const refused: [string, RefusalReason][] = [
  // IPv4 special-purpose blocks
  ["0.0.0.0", "unspecified"],
  ["0.1.2.3", "unspecified"],
  ["10.0.0.1", "private"],
  ["10.255.255.255", "private"],
  ["172.16.0.1", "private"],
  ["172.31.255.254", "private"],
  ["192.168.1.1", "private"],
  ["127.0.0.1", "loopback"],
  ["127.255.255.254", "loopback"],
  ["169.254.0.1", "link-local"],
  ["169.254.169.254", "metadata"],
  ["169.254.170.2", "metadata"],
  ["100.100.100.200", "metadata"],
  ["100.64.0.1", "cgnat"],
  ["100.127.255.255", "cgnat"],
  ["224.0.0.1", "multicast"],
  ["239.255.255.250", "multicast"],
  ["255.255.255.255", "broadcast"],
  ["240.0.0.1", "reserved"],
  ["192.0.0.8", "reserved"],
  ["192.0.2.1", "documentation"],
  ["198.51.100.7", "documentation"],
  ["203.0.113.9", "documentation"],
  ["198.18.0.1", "benchmarking"],
  // IPv6
  ["::", "unspecified"],
  ["::1", "loopback"],
  ["0:0:0:0:0:0:0:1", "loopback"],
  ["fe80::1", "link-local"],
  ["fe80::1%eth0", "link-local"],
  ["febf:ffff::1", "link-local"],
  ["fc00::1", "unique-local"],
  ["fd12:3456:789a::1", "unique-local"],
  ["fd00:ec2::254", "metadata"],
  ["fec0::1", "site-local"],
  ["ff02::1", "multicast"],
  ["ff0e::fb", "multicast"],
  ["100::1", "reserved"],
  ["2001:db8::1", "documentation"],
  ["3fff::1", "documentation"],
  ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "teredo"],
  ["2001:2::1", "reserved"],
  ["1::", "not-global"],
  ["5f00::1", "reserved"],
  ["::2", "ipv4-compatible"],
  ["::127.0.0.1", "ipv4-compatible"],
  // IPv4 embedded in IPv6: judged by the IPv4 address
  ["::ffff:127.0.0.1", "loopback"],
  ["::ffff:7f00:1", "loopback"],
  ["::FFFF:169.254.169.254", "metadata"],
  ["::ffff:a9fe:a9fe", "metadata"],
  ["::ffff:10.1.2.3", "private"],
  ["::ffff:192.168.0.1", "private"],
  ["0:0:0:0:0:ffff:c0a8:1", "private"],
  ["64:ff9b::10.0.0.1", "private"],
  ["64:ff9b::7f00:1", "loopback"],
  ["64:ff9b::a9fe:a9fe", "metadata"],
  ["64:ff9b:1::1", "reserved"],
  ["2002:7f00:1::1", "loopback"],
  ["2002:c0a8:101::1", "private"],
  // not addresses at all
  ["localhost", "unparseable"],
  ["", "unparseable"],
  ["1.2.3", "unparseable"],
  ["::ffff:999.1.1.1", "unparseable"],
];

const allowed = [
  "8.8.8.8",
  "1.1.1.1",
  "93.184.216.34",
  "100.63.255.255", // just below CGNAT
  "100.128.0.1", // just above CGNAT
  "172.15.255.255",
  "172.32.0.1",
  "169.253.255.255",
  "223.255.255.255",
  "2001:4860:4860::8888",
  "2a00:1450:4003:80f::200e",
  "2606:4700:4700::1111",
  "[2a02:26f0::1]",
  "::ffff:8.8.8.8",
  "64:ff9b::8.8.8.8",
  "2002:808:808::1",
];

describe("SSRF address guard", () => {
  it.each(refused)("SEC-1: %s is refused as %s", (address, reason) => {
    expect(refusedAddressReason(address)).toBe(reason);
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(allowed)("SEC-1: public unicast %s is allowed", (address) => {
    expect(refusedAddressReason(address)).toBeUndefined();
    expect(isPublicAddress(address)).toBe(true);
  });

  it("SEC-1: IPv6 text forms parse to the same bytes", () => {
    const hex = (s: string) => Buffer.from(parseIPv6(s) ?? []).toString("hex");
    expect(hex("::ffff:127.0.0.1")).toBe(hex("::ffff:7f00:1"));
    expect(hex("::ffff:127.0.0.1")).toBe("00000000000000000000ffff7f000001");
    expect(hex("2001:db8:0:0:1:0:0:1")).toBe(hex("2001:db8::1:0:0:1"));
    expect(hex("1:2:3:4:5:6:7::")).toBe("00010002000300040005000600070000");
    expect(parseIPv6("1::2::3")).toBeUndefined();
    expect(parseIPv6("1:2:3:4:5:6:7:8:9")).toBeUndefined();
    expect(parseIPv6("12345::")).toBeUndefined();
  });
});
