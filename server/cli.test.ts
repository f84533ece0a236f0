import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { UsageError, parseCommand } from "./cli";

describe("command-line arguments", () => {
  it("accepts user:create and user:set with valid options", () => {
    expect(() =>
      parseCommand(["user:create", "--email", "a@b.co", "--password", "12345678"]),
    ).not.toThrow();
    expect(() =>
      parseCommand([
        "user:create",
        "--email",
        "a@b.co",
        "--password",
        "12345678",
        "--name",
        "Al",
        "--role",
        "admin",
        "--tier",
        "lifetime",
      ]),
    ).not.toThrow();
    expect(() => parseCommand(["user:set", "--email", "a@b.co", "--tier", "full"])).not.toThrow();
    expect(() => parseCommand(["user:set", "--email", "a@b.co", "--role", "member"])).not.toThrow();
    expect(() =>
      parseCommand(["user:set", "--email", "a@b.co", "--password", "a new long secret"]),
    ).not.toThrow();
  });

  it.each([
    [[], /No command/],
    [["user:delete", "--email", "a@b.co"], /Unknown command/],
    [["user:create", "--password", "12345678"], /--email/],
    [["user:create", "--email", "a@b.co", "--password", "short"], /--password/],
    [
      ["user:create", "--email", "a@b.co", "--password", "12345678", "--role", "wizard"],
      /Unknown role/,
    ],
    [
      ["user:create", "--email", "a@b.co", "--password", "12345678", "--tier", "gold"],
      /Unknown tier/,
    ],
    [["user:set", "--email", "a@b.co"], /needs --role, --tier or --password/],
    [["user:set", "--email", "a@b.co", "--password", "short"], /--password: /],
    [["user:set", "--email", "a@b.co", "--name", "Someone"], /changes only/],
    [["user:create", "--email", "a@b.co", "--password", "12345678", "--bogus", "x"], /bogus/],
    [
      ["user:create", "--email", `${"a".repeat(300)}@b.co`, "--password", "12345678"],
      /--email: Enter a valid e-mail address/,
    ],
    [
      ["user:create", "--email", "a@b.co", "--password", "p".repeat(129)],
      /--password: The password must have at most 128/,
    ],
    [
      ["user:create", "--email", "a@b.co", "--password", "12345678", "--name", "A"],
      /--name: The display name must have at least 2/,
    ],
    [
      ["user:create", "--email", "a@b.co", "--password", "12345678", "--name", "   "],
      /--name: The display name must have at least 2/,
    ],
    [
      ["user:create", "--email", "a@b.co", "--password", "12345678", "--name", "x".repeat(100_000)],
      /--name: The display name must have at most 60/,
    ],
    [
      ["user:create", "--email", "a@b.co", "--password", "12345678", "--name", "Eve\u202Eevil"],
      /--name: Use letters, digits/,
    ],
    [
      ["user:create", "--email", "a@b.co", "--password", "12345678", "--name", "Line\nbreak"],
      /--name: Use letters, digits/,
    ],
  ])("rejects %j", (argv, message) => {
    expect(() => parseCommand(argv as string[])).toThrow(UsageError);
    expect(() => parseCommand(argv as string[])).toThrow(message as RegExp);
  });

  it("exits with status 2 and the message on a usage error, before opening anything", () => {
    const result = spawnSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "server/cli.ts",
        "user:create",
        "--email",
        "a@b.co",
        "--password",
        "12345678",
        "--name",
        "\u202Egnp.exe",
      ],
      {
        encoding: "utf8",
        env: { ...process.env, DATA_DIR: "/nonexistent/never-created" },
      },
    );
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("--name: Use letters, digits");
  });
});
