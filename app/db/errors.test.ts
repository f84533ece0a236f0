import { describe, expect, it } from "vitest";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { isDatabaseUnavailable, isStatementTimeout } from "./errors";

const withCode = (code: string, message = "failed") => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it("recognises lost, refused and shutting-down connections, also wrapped by Drizzle", () => {
    for (const error of [
      new Error("Connection terminated unexpectedly"),
      new Error("Client has encountered a connection error and is not queryable"),
      new Error("timeout exceeded when trying to connect"),
      withCode("ECONNREFUSED"),
      withCode("ECONNRESET"),
      withCode("57P01", "terminating connection due to administrator command"),
      withCode("57P03", "the database system is starting up"),
      withCode("08006"),
      withCode("53300", "sorry, too many clients already"),
      Object.assign(new AggregateError([withCode("ECONNREFUSED"), withCode("ECONNREFUSED")]), {
        code: undefined,
      }),
      new DrizzleQueryError("select 1", [], new Error("Connection terminated unexpectedly")),
    ]) {
      expect(isDatabaseUnavailable(error), String((error as Error).message)).toBe(true);
    }
  });

  it("leaves statement errors and everything else alone", () => {
    for (const error of [
      withCode("23505", "duplicate key value violates unique constraint"),
      withCode("57014", "canceling statement due to statement timeout"),
      withCode("42P01", 'relation "nope" does not exist'),
      new DrizzleQueryError("select 1", [], withCode("22P02")),
      new TypeError("Cannot read properties of undefined"),
      "Connection terminated",
      null,
      undefined,
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });
});

describe("isStatementTimeout", () => {
  it("recognises a statement cancelled by statement_timeout, also wrapped by Drizzle", () => {
    expect(
      isStatementTimeout(
        new DrizzleQueryError(
          "select 1",
          [],
          withCode("57014", "canceling statement due to statement timeout"),
        ),
      ),
    ).toBe(true);
    expect(isStatementTimeout(withCode("57P01"))).toBe(false);
    expect(isStatementTimeout(new Error("Connection terminated unexpectedly"))).toBe(false);
  });
});
