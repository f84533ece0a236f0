import { describe, expect, it } from "vitest";
import { isPublicAddress } from "./address-guard.server";

describe("the image proxy's address guard", () => {
  it("refuses private, loopback, link-local and other special-purpose addresses", () => {
    for (const address of [
      "127.0.0.1",
      "127.255.0.9",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "255.255.255.255",
      "198.18.0.1",
      "192.0.2.10",
      "::",
      "::1",
      "fe80::1",
      "fe80::1%eth0",
      "fc00::1",
      "fd12:3456::1",
      "ff02::1",
      "2001:db8::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:169.254.169.254",
      "::127.0.0.1",
      "64:ff9b::10.0.0.1",
      "2002:c0a8:0101::1",
      "not an address",
      "",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it("allows public unicast addresses, also when an IPv6 address carries one", () => {
    for (const address of [
      "93.184.215.14",
      "8.8.8.8",
      "1.1.1.1",
      "2606:4700:4700::1111",
      "2a00:1450:4001:80b::200e",
      "::ffff:8.8.8.8",
      "64:ff9b::8.8.8.8",
    ]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });
});
