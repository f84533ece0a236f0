import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import en from "./locales/en.json";

/**
 * Keys typed in code are checked by the typecheck (`MessageKey`). Keys that travel as data (zod
 * messages, actions' errors, registries typed as strings) are not: this finds every string
 * literal in the source shaped like a key of one of the messages' groups ("auth.errors.x") and
 * expects the English messages to hold it, or a plural form of it, or a group of that name.
 */
const GROUPS = new Set(Object.keys(en));
const PLURAL_FORMS = ["zero", "one", "two", "few", "many", "other"];
/**
 * Names shaped like keys that are something else: payment providers' event types, audit actions,
 * job queues.
 */
const NOT_KEYS = new Set([
  "checkout.completed",
  // OpenAI's streaming chunk type, which the AI guide's stream names.
  "chat.completion.chunk",
  "checkout.session.completed",
  // Stripe's one-time purchase events (decision 064), and the EPUB's navigation document.
  "checkout.session.async_payment_succeeded",
  "checkout.session.retrieved",
  "nav.xhtml",
  "subscription.changed",
  "settings.update",
  "email.send",
  // The media module's sweep queue (a job queue name).
  "media.unattached-sweep",
]);

function resolves(key: string): boolean {
  const parts = key.split(".");
  const last = parts.pop()!;
  let node: unknown = en;
  for (const part of parts) {
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, part)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  if (typeof node !== "object" || node === null) return false;
  const group = node as Record<string, unknown>;
  return (
    Object.hasOwn(group, last) ||
    PLURAL_FORMS.some((form) => Object.hasOwn(group, `${last}_${form}`))
  );
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes(".test.") ? [file] : [];
  });
}

describe("text keys in the source", () => {
  it("name texts the English messages hold", () => {
    const missing: string[] = [];
    let checked = 0;
    for (const file of [
      ...sourceFiles(path.resolve("app")),
      ...sourceFiles(path.resolve("server")),
    ]) {
      for (const [, key = ""] of readFileSync(file, "utf8").matchAll(
        /["'`]([a-z][A-Za-z]*(?:\.[A-Za-z][\w-]*)+)["'`]/g,
      )) {
        if (!GROUPS.has(key.split(".")[0]!)) continue;
        // File names and addresses that happen to start with a group's name are not keys.
        if (/\.(tsx?|json|css|svg|png|js|csv)$/.test(key) || key.includes("/") || NOT_KEYS.has(key))
          continue;
        checked += 1;
        if (!resolves(key)) missing.push(`${path.relative(process.cwd(), file)}: ${key}`);
      }
    }
    expect(checked).toBeGreaterThan(900);
    expect(missing).toEqual([]);
  });
});
