import { describe, expect, it } from "vitest";
import { parseCommand } from "./cli";

describe("command-line arguments", () => {
  it("accepts user:create and user:set with valid options", () => {
    expect(() => parseCommand(["user:create", "--email", "a@b.co", "--password", "12345678"])).not.toThrow();
    expect(() => parseCommand(["user:create", "--email", "a@b.co", "--password", "12345678", "--name", "A", "--role", "admin", "--tier", "lifetime"])).not.toThrow();
    expect(() => parseCommand(["user:set", "--email", "a@b.co", "--tier", "full"])).not.toThrow();
    expect(() => parseCommand(["user:set", "--email", "a@b.co", "--role", "member"])).not.toThrow();
  });

  it.each([
    [[], /No command/],
    [["user:delete", "--email", "a@b.co"], /Unknown command/],
    [["user:create", "--password", "12345678"], /--email/],
    [["user:create", "--email", "a@b.co", "--password", "short"], /--password/],
    [["user:create", "--email", "a@b.co", "--password", "12345678", "--role", "wizard"], /Unknown role/],
    [["user:create", "--email", "a@b.co", "--password", "12345678", "--tier", "gold"], /Unknown tier/],
    [["user:set", "--email", "a@b.co"], /needs --role or --tier/],
    [["user:create", "--email", "a@b.co", "--password", "12345678", "--bogus", "x"], /bogus/],
  ])("rejects %j", (argv, message) => {
    expect(() => parseCommand(argv as string[])).toThrow(message as RegExp);
  });
});
