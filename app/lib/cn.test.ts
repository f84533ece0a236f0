import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { cn } from "./cn";

/** Every word of every string literal in the application's source: its class names among them. */
function sourceWords(): Set<string> {
  const words = new Set<string>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (
        /\.tsx?$/.test(entry.name) &&
        !entry.name.includes(".test.") &&
        // Server-only files render no markup; their strings (a CSP's "font-src") are not classes.
        !entry.name.includes(".server.") &&
        entry.name !== "class-merge-config.ts"
      ) {
        for (const [, a, b, c] of readFileSync(file, "utf8").matchAll(
          /"([^"\n]*)"|`([^`]*)`|'([^'\n]*)'/g,
        )) {
          for (const word of (a ?? b ?? c ?? "").split(/\s+/))
            if (/^[\w:\-[\]/.!%#(),=&>*@]{1,80}$/.test(word)) words.add(word);
        }
      }
    }
  };
  walk(path.resolve("app"));
  return words;
}

/** The variant part of a class (`md:hover:`), which conflicts only with the same variants. */
const variants = (name: string) => name.slice(0, name.lastIndexOf(":") + 1);

describe("cn", () => {
  it("lets a later utility override an earlier one of the same kind", () => {
    expect(cn("px-2 py-1 text-sm", "px-4")).toBe("py-1 text-sm px-4");
    expect(cn("h-9 w-9", "size-8")).toBe("size-8");
    expect(cn("text-muted-foreground text-sm", "text-lg text-primary")).toBe(
      "text-lg text-primary",
    );
    expect(cn("hidden", false, undefined, "md:flex", { flex: true })).toBe("md:flex flex");
  });

  // The reduced configuration must resolve every pair of classes written in the codebase exactly
  // as tailwind-merge's full configuration does: nothing merged away that should stay, nothing
  // kept that should be overridden.
  it("resolves every pair of the codebase's classes like the full tailwind-merge", () => {
    const byVariants = new Map<string, string[]>();
    for (const word of sourceWords()) {
      // Classes tailwind-merge recognises collapse when repeated; other words are not classes.
      if (twMerge(`${word} ${word}`) !== word) continue;
      const key = variants(word);
      byVariants.set(key, [...(byVariants.get(key) ?? []), word]);
    }
    const differences: string[] = [];
    let pairs = 0;
    for (const classes of byVariants.values()) {
      for (const first of classes) {
        for (const second of classes) {
          if (first === second) continue;
          pairs += 1;
          const input = `${first} ${second}`;
          const expected = twMerge(input);
          if (cn(input) !== expected)
            differences.push(`"${input}" → "${cn(input)}", expected "${expected}"`);
        }
      }
    }
    expect(pairs).toBeGreaterThan(10_000);
    expect(differences.slice(0, Number(process.env.CN_SHOW ?? 20))).toEqual([]);
  });
});
