import { BlockList, isIP } from "node:net";

/**
 * Which network addresses the image proxy may connect to: public unicast addresses only. Private,
 * loopback, link-local, shared (CGNAT), multicast, documentation and other special-purpose ranges
 * (IANA's special-purpose registries) are refused, so a member cannot make the server fetch from
 * inside its own network (SSRF). IPv6 addresses that carry an IPv4 address (mapped, NAT64, 6to4)
 * are judged by that IPv4 address.
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  blocked.addSubnet(network, prefix, "ipv6");
}

/** An address without its zone index: "fe80::1%eth0" → "fe80::1". */
function withoutZone(address: string): string {
  const [bare = ""] = address.split("%");
  return bare;
}

/** The 16 bytes of an IPv6 address (any textual form, including an embedded dotted IPv4 tail). */
function ipv6Bytes(address: string): number[] {
  let text = withoutZone(address).toLowerCase();
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/)?.[1];
  if (dotted) {
    // The pattern makes exactly four parts.
    const [a = 0, b = 0, c = 0, d = 0] = dotted.split(".").map(Number);
    text = `${text.slice(0, -dotted.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const groups =
    tail === undefined
      ? headGroups
      : [
          ...headGroups,
          ...Array(8 - headGroups.length - tailGroups.length).fill("0"),
          ...tailGroups,
        ];
  return groups.flatMap((group) => {
    const value = Number.parseInt(group || "0", 16);
    return [value >> 8, value & 0xff];
  });
}

/** The IPv4 address an IPv6 address stands for, when it is one of the forms that embed one. */
function embeddedIpv4(address: string): string | null {
  const bytes = ipv6Bytes(address);
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  const v4 = (at: number) => bytes.slice(at, at + 4).join(".");
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (the deprecated compatible form)
  if (
    zeros(0, 10) &&
    ((bytes[10] === 0xff && bytes[11] === 0xff) ||
      (bytes[10] === 0 && bytes[11] === 0 && !zeros(12, 16)))
  )
    return v4(12);
  // 64:ff9b::a.b.c.d (NAT64 well-known prefix)
  if (
    bytes[0] === 0x00 &&
    bytes[1] === 0x64 &&
    bytes[2] === 0xff &&
    bytes[3] === 0x9b &&
    zeros(4, 12)
  )
    return v4(12);
  // 2002:aabb:ccdd::/48 (6to4)
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return v4(2);
  return null;
}

/** True for a public unicast address the proxy may contact; false for anything else or non-addresses. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(withoutZone(address));
  if (family === 4) return !blocked.check(address, "ipv4");
  if (family !== 6) return false;
  const v4 = embeddedIpv4(address);
  if (v4) return !blocked.check(v4, "ipv4");
  return !blocked.check(withoutZone(address), "ipv6");
}
