import { describe, expect, it } from "vitest";
import { parseCsv } from "./csv";
import { checkRow } from "./row-validation";
import { guessMapping } from "./validation";

describe("the CSV reader (RFC 4180)", () => {
  it("reads quoted fields with commas, doubled quotes and line breaks, CRLF or LF", () => {
    expect(parseCsv('a,b,c\r\n"x, y","say ""hi""","two\r\nlines"\r\n1,,3\n')).toEqual({
      ok: true,
      records: [
        ["a", "b", "c"],
        ["x, y", 'say "hi"', "two\r\nlines"],
        ["1", "", "3"],
      ],
    });
  });

  it("drops a byte-order mark and blank lines, keeps a last line without a break", () => {
    expect(parseCsv("\uFEFFemail\n\nx@y.test\n\r\nz@y.test")).toEqual({
      ok: true,
      records: [["email"], ["x@y.test"], ["z@y.test"]],
    });
    expect(parseCsv('""')).toEqual({ ok: true, records: [[""]] });
  });

  it("names the problem and its line", () => {
    expect(parseCsv('a\n"open\nstill open')).toEqual({
      ok: false,
      problem: "unclosedQuote",
      line: 3,
    });
    expect(parseCsv('a\nmid"dle\n')).toEqual({ ok: false, problem: "strayQuote", line: 2 });
    expect(parseCsv('a\n"closed"x\n')).toEqual({ ok: false, problem: "strayQuote", line: 2 });
    expect(parseCsv("a\nb\nc\n", { maxRecords: 2 })).toEqual({
      ok: false,
      problem: "tooManyRows",
      line: 3,
    });
  });
});

describe("the row rules", () => {
  it("are the sign-up rules, with known tiers and languages", () => {
    const row = { email: " Ada@Example.TEST ", displayName: " Ada ", tier: "Full", language: "AR" };
    expect(checkRow(row)).toEqual({
      ok: true,
      row: { email: "ada@example.test", displayName: "Ada", tier: "full", language: "ar" },
    });
    expect(checkRow({ ...row, email: "nope" })).toEqual({ ok: false, problem: "emailInvalid" });
    expect(checkRow({ ...row, displayName: "A" })).toEqual({
      ok: false,
      problem: "displayNameTooShort",
    });
    expect(checkRow({ ...row, displayName: "x".repeat(61) })).toEqual({
      ok: false,
      problem: "displayNameTooLong",
    });
    expect(checkRow({ ...row, displayName: "Ada\u202Eevil" })).toEqual({
      ok: false,
      problem: "displayNameInvalid",
    });
    expect(checkRow({ ...row, tier: "gold" })).toEqual({ ok: false, problem: "unknownTier" });
    expect(checkRow({ ...row, language: "xx" })).toEqual({ ok: false, problem: "unknownLanguage" });
    expect(checkRow({ ...row, displayName: "", tier: "", language: "" })).toEqual({
      ok: true,
      row: { email: "ada@example.test", displayName: null, tier: null, language: null },
    });
  });

  it("guess the columns from the header", () => {
    expect(guessMapping(["Notes", "E-mail", "Display Name", "Plan", "locale"])).toEqual({
      email: 1,
      displayName: 2,
      tier: 3,
      language: 4,
    });
    expect(guessMapping(["a", "b"])).toEqual({
      email: null,
      displayName: null,
      tier: null,
      language: null,
    });
  });
});
