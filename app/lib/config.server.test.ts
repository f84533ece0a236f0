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

  it("records analytics unless ANALYTICS=off", () => {
    expect(parseConfig({}).ANALYTICS).toBe(true);
    expect(parseConfig({ ANALYTICS: "off" }).ANALYTICS).toBe(false);
    expect(() => parseConfig({ ANALYTICS: "false" })).toThrow(/^Invalid ANALYTICS/);
  });

  it("stores media on disk with a 2 GB upload limit unless S3 is configured completely", () => {
    const defaults = parseConfig({});
    expect(defaults.UPLOAD_MAX_BYTES).toBe(2 * 1024 * 1024 * 1024);
    expect(defaults.S3_ENDPOINT).toBeUndefined();
    expect(parseConfig({ UPLOAD_MAX_BYTES: "104857600" }).UPLOAD_MAX_BYTES).toBe(104857600);
    expect(() => parseConfig({ UPLOAD_MAX_BYTES: "10" })).toThrow(/Invalid UPLOAD_MAX_BYTES/);
    const s3 = {
      S3_ENDPOINT: "https://s3.example.net",
      S3_BUCKET: "media",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
    };
    expect(parseConfig(s3)).toMatchObject({ ...s3, S3_REGION: "us-east-1" });
    expect(() => parseConfig({ ...s3, S3_BUCKET: "" })).toThrow(
      "Invalid S3_BUCKET: S3_ENDPOINT is set, so S3_BUCKET is needed too.",
    );
    expect(() => parseConfig({ ...s3, S3_SECRET_ACCESS_KEY: undefined })).toThrow(
      /Invalid S3_SECRET_ACCESS_KEY/,
    );
    expect(() => parseConfig({ ...s3, S3_ENDPOINT: "not a url" })).toThrow(/Invalid S3_ENDPOINT/);
  });
});
