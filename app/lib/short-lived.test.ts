import { describe, expect, it } from "vitest";
import { shortLivedByKey } from "./short-lived";

describe("shortLivedByKey", () => {
  it("loads a key once per time to live and shares a load between callers", async () => {
    let loads = 0;
    const kept = shortLivedByKey(1_000, 10, async (key) => `${key}:${++loads}`);
    const [a, b] = await Promise.all([kept.get("x", 0), kept.get("x", 10)]);
    expect([a, b]).toEqual(["x:1", "x:1"]);
    expect(await kept.get("x", 1_000)).toBe("x:1");
    expect(await kept.get("x", 1_001)).toBe("x:2");
    expect(await kept.get("y", 1_001)).toBe("y:3");
  });

  it("keeps at most maxKeys, dropping the oldest loaded", async () => {
    let loads = 0;
    const kept = shortLivedByKey(60_000, 2, async (key) => `${key}:${++loads}`);
    await kept.get("a", 0);
    await kept.get("b", 0);
    await kept.get("c", 0);
    expect(await kept.get("c", 1)).toBe("c:3");
    expect(await kept.get("b", 1)).toBe("b:2");
    expect(await kept.get("a", 1)).toBe("a:4");
  });

  it("does not keep a failed load, and forgets on request", async () => {
    let fail = true;
    let loads = 0;
    const kept = shortLivedByKey(60_000, 10, async () => {
      loads++;
      if (fail) throw new Error("database down");
      return loads;
    });
    await expect(kept.get("k", 0)).rejects.toThrow("database down");
    fail = false;
    expect(await kept.get("k", 1)).toBe(2);
    kept.forget("k");
    expect(await kept.get("k", 2)).toBe(3);
  });
});
