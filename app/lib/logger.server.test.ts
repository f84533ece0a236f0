import { describe, expect, it } from "vitest";
import { loggedPath, redactLogText, serializeError } from "./logger.server";

describe("the log", () => {
  it("never receives a failed query's parameters", () => {
    const error = Object.assign(
      new Error(
        'Failed query: select * from "verification" where "identifier" = $1\nparams: reset-password:Sekr3tT0ken',
      ),
      {
        params: ["reset-password:Sekr3tT0ken"],
        query: 'select * from "verification" where "identifier" = $1',
      },
    );
    const logged = JSON.stringify(serializeError(error));
    expect(logged).not.toContain("Sekr3tT0ken");
    expect(logged).toContain("params: [redacted]");
    expect(logged).toContain("Failed query");
  });

  it("never receives a token-bearing link or path", () => {
    expect(redactLogText("see https://x.test/reset-password?token=abc&x=1")).toBe(
      "see https://x.test/reset-password?token=•••&x=1",
    );
    expect(loggedPath("/api/auth/reset-password/abcDEF123")).toBe("/api/auth/reset-password/•••");
    expect(loggedPath("/discussions/a-post")).toBe("/discussions/a-post");
  });
});
