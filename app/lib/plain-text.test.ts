import { describe, expect, it } from "vitest";
import { excerpt } from "#app/modules/discussions";
import { excerptAround } from "#app/modules/search";
import { plainText } from "./plain-text";

describe("plainText", () => {
  it("drops emphasis, code blocks and images, and keeps a link's text", () => {
    expect(
      plainText(
        "A **bold** _day_.\n\n```js\nlet x;\n```\n![alt](/a.png) see [the page](https://x.test)",
      ),
    ).toBe("A bold day. see the page");
  });

  it("drops headings, quotes, list bullets and numbers at the start of a line", () => {
    expect(
      plainText("# Title\n## Sub\n> quoted\n> > deeper\n- one\n* two\n+ three\n1. four\n2) five"),
    ).toBe("Title Sub quoted deeper one two three four five");
  });

  it("drops tables' pipes and separator lines, and thematic breaks", () => {
    expect(plainText("| a | b |\n| --- | :-: |\n| 1 | 2 |\n\n---\n***\nafter")).toBe(
      "a b 1 2 after",
    );
  });

  it("keeps characters that are text, not structure, in the middle of a line", () => {
    expect(plainText("C# and F# in -5 °C, a > b, 1 - 2, #hashtag, well-known")).toBe(
      "C# and F# in -5 °C, a > b, 1 - 2, #hashtag, well-known",
    );
  });

  it("collapses whitespace and trims", () => {
    expect(plainText("  one\n\n\t two  ")).toBe("one two");
    expect(plainText("")).toBe("");
  });
});

describe("plainText in its two uses", () => {
  const markdown = "# Moon ritual\n\n- **Salt** circle\n- Candle\n\n> Breathe; 3 - 1 = 2.";

  it("is what a discussion excerpt shows, cut with an ellipsis", () => {
    expect(excerpt(markdown)).toBe("Moon ritual Salt circle Candle Breathe; 3 - 1 = 2.");
    expect(excerpt(markdown, 12)).toBe("Moon ritual…");
  });

  it("is what a search excerpt is cut from", () => {
    expect(excerptAround(markdown, "candle")).toBe(
      "Moon ritual Salt circle Candle Breathe; 3 - 1 = 2.",
    );
  });
});
