import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config.server";

describe("configuration", () => {
  it("has working defaults for the embedded database", () => {
    const cfg = parseConfig({});
    expect(cfg.PORT).toBe(3000);
    expect(cfg.DATA_DIR).toBe("./data");
    expect(cfg.DATABASE_URL).toBeUndefined();
  });

  it("accepts a PostgreSQL URL", () => {
    expect(
      parseConfig({ DATABASE_URL: "postgres://postgres@127.0.0.1:5432/app" }).DATABASE_URL,
    ).toBe("postgres://postgres@127.0.0.1:5432/app");
  });

  it("rejects a malformed DATABASE_URL with one human sentence", () => {
    expect(() => parseConfig({ DATABASE_URL: "mysql://localhost/db" })).toThrow(ConfigError);
    expect(() => parseConfig({ DATABASE_URL: "not a url" })).toThrow(
      /^Invalid DATABASE_URL: must look like postgres:\/\/user@host:5432\/database\.$/,
    );
  });

  it("rejects a bad port and a bad SMTP URL", () => {
    expect(() => parseConfig({ PORT: "99999" })).toThrow(/^Invalid PORT/);
    expect(() => parseConfig({ SMTP_URL: "http://mail" })).toThrow(
      /^Invalid SMTP_URL: must start with smtp/,
    );
  });

  it("treats empty values as unset", () => {
    expect(parseConfig({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });

  it("runs the workers in the web process unless WORKERS=0, which needs PostgreSQL", () => {
    expect(parseConfig({}).WORKERS).toBe("1");
    expect(
      parseConfig({ WORKERS: "0", DATABASE_URL: "postgres://postgres@127.0.0.1:5432/db" }).WORKERS,
    ).toBe("0");
    expect(() => parseConfig({ WORKERS: "0" })).toThrow(/^Invalid WORKERS: 0 needs DATABASE_URL/);
  });
});
