import { describe, expect, it } from "vitest";
import { actors, type ActorName } from "../../../tests/helpers/actors";
import {
  canCancelConsultation,
  canManageConsultations,
  consultationEligibility,
  consultationMonth,
} from "./policy";
import { oracleLinks } from "./oracles";
import { slotStarts } from "./slot-starts";

describe("consultationEligibility", () => {
  const none = { inCoven: false, customer: false };
  const coven = { inCoven: true, customer: false };
  const customer = { inCoven: false, customer: true };
  const table: Record<ActorName, [string, string, string]> = {
    // [no coven, no payment] [in a coven] [a completed payment]
    guest: ["guest", "guest", "guest"],
    member: ["free", "free", "eligible"],
    premium: ["noCoven", "eligible", "eligible"],
    lifetime: ["noCoven", "eligible", "eligible"],
    author: ["free", "free", "eligible"],
    admin: ["eligible", "eligible", "eligible"],
    superAdmin: ["eligible", "eligible", "eligible"],
  };
  for (const [name, expected] of Object.entries(table) as Array<[ActorName, string[]]>) {
    it(`answers ${name}`, () => {
      const actor = actors[name];
      expect([none, coven, customer].map((facts) => consultationEligibility(actor, facts))).toEqual(
        expected,
      );
      expect(canManageConsultations(actor)).toBe(name === "admin" || name === "superAdmin");
    });
  }
});

describe("the month and the cancellation window", () => {
  it("counts a consultation for the UTC month of its start", () => {
    expect(consultationMonth(new Date("2031-03-31T23:30:00Z"))).toBe("2031-03");
    expect(consultationMonth(new Date("2031-04-01T00:00:00Z"))).toBe("2031-04");
  });

  it("lets a booked consultation be cancelled only more than 24 hours ahead", () => {
    const startsAt = new Date("2031-03-20T10:00:00Z");
    const booked = { status: "booked", startsAt };
    expect(canCancelConsultation(booked, new Date("2031-03-19T09:59:00Z"))).toBe(true);
    expect(canCancelConsultation(booked, new Date("2031-03-19T10:00:00Z"))).toBe(false);
    expect(canCancelConsultation({ status: "discarded", startsAt }, new Date(0))).toBe(false);
  });
});

describe("oracleLinks", () => {
  it("keeps configured http(s) sites in order and leaves out empty or other addresses", () => {
    expect(
      oracleLinks({
        oracle_demon_url: "https://demons.example/read",
        oracle_angelic_url: "",
        oracle_elenthos_url: "javascript:alert(1)",
      }),
    ).toEqual([{ key: "demon", url: "https://demons.example/read" }]);
  });
});

describe("slotStarts", () => {
  it("reads the wall time in the zone, across a summer-time change", () => {
    expect(
      slotStarts("2031-03-28T10:00", "Europe/Berlin", "weekdays", 1).map((d) => d.toISOString()),
    ).toEqual([
      "2031-03-28T09:00:00.000Z", // Friday, winter time
      "2031-03-31T08:00:00.000Z", // Monday, summer time
      "2031-04-01T08:00:00.000Z",
      "2031-04-02T08:00:00.000Z",
      "2031-04-03T08:00:00.000Z",
    ]);
    expect(slotStarts("2031-02-30T10:00", "UTC", "none", 1)).toEqual([]);
    expect(slotStarts("2031-03-01T10:00", "Not/AZone", "none", 1)).toEqual([
      new Date("2031-03-01T10:00:00Z"),
    ]);
  });
});
