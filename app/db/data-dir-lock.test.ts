import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirLockedError, acquireDataDirLock } from "./data-dir-lock.server";

const dirs: string[] = [];
const newDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "sanctuary-lock-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe("data folder lock", () => {
  it("is taken, refused to a second holder while the first lives, and released", () => {
    const dir = newDir();
    const release = acquireDataDirLock(dir);
    expect(readFileSync(path.join(dir, "sanctuary.lock"), "utf8")).toBe(String(process.pid));
    // Another live process holds it: pretend the lock is our parent's.
    writeFileSync(path.join(dir, "sanctuary.lock"), String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(/is running and holds the data folder/);
    release();
    expect(existsSync(path.join(dir, "sanctuary.lock"))).toBe(false);
  });

  it("takes over a lock whose process is gone", () => {
    const dir = newDir();
    writeFileSync(path.join(dir, "sanctuary.lock"), "2147483646");
    const release = acquireDataDirLock(dir);
    expect(readFileSync(path.join(dir, "sanctuary.lock"), "utf8")).toBe(String(process.pid));
    release();
  });
});
