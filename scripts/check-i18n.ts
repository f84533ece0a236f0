// Locale check (`npm run check:i18n`): every locale file exists, has exactly the keys of en.json
// (plural forms per the language's own plural rules), no empty values, the same {{placeholders}},
// and is not largely an untranslated copy of English. Exits 1 with a listing of every problem.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const CODES = [
  "en",
  "es",
  "fr",
  "de",
  "it",
  "pt",
  "ru",
  "zh",
  "ja",
  "ko",
  "ar",
  "hi",
  "nl",
  "pl",
  "tr",
];
const MAX_IDENTICAL_SHARE = 0.15;
/** Words that stay the same in every language; a value made of little else is not "untranslated". */
const BRAND_WORDS = ["Sanctuary"];
const PLURAL_CATEGORIES = ["zero", "one", "two", "few", "many", "other"] as const;
const PLURAL_SUFFIX = new RegExp(`^(.+)_(${PLURAL_CATEGORIES.join("|")})$`);
const MAX_LISTED = 25;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const localesDir = path.join(root, "app/i18n/locales");

type Flat = Map<string, unknown>;

function flatten(value: unknown, prefix = "", out: Flat = new Map()): Flat {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value))
      flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

function load(code: string): { flat?: Flat; error?: string } {
  const file = path.join(localesDir, `${code}.json`);
  if (!existsSync(file)) return { error: `file missing: ${path.relative(root, file)}` };
  try {
    return { flat: flatten(JSON.parse(readFileSync(file, "utf8"))) };
  } catch (error) {
    return { error: `invalid JSON in ${path.relative(root, file)}: ${(error as Error).message}` };
  }
}

function placeholders(value: unknown): Set<string> {
  const found = new Set<string>();
  if (typeof value !== "string") return found;
  for (const [, inner = ""] of value.matchAll(/\{\{\s*([^}]+?)\s*\}\}/g)) {
    // "{{date, datetime}}" → "date"; "{{- html}}" (unescaped) → "html"
    const [name = ""] = inner.split(",");
    found.add(name.replace(/^-\s*/, "").trim());
  }
  return found;
}

const isEmpty = (value: unknown) => typeof value !== "string" || value.trim() === "";

function identicalByNature(value: string): boolean {
  const text = value.trim();
  if (text.length < 4) return true;
  if (text.includes("{{")) return true;
  if (/^(https?:\/\/|mailto:|www\.)\S+$/i.test(text) || /^\S+@\S+\.\S+$/.test(text)) return true;
  if (BRAND_WORDS.some((word) => text.includes(word))) return true;
  if (!/\p{L}/u.test(text)) return true; // numbers, symbols, punctuation only
  return false;
}

/** Plural categories a language actually uses for counts (integers and fractions → "other"). */
function requiredPluralForms(code: string): Set<string> {
  const rules = new Intl.PluralRules(code);
  const forms = new Set<string>(["other"]);
  // Categories only reached by huge numbers (French "many" for 1 000 000) are not required.
  for (let n = 0; n <= 1000; n++) forms.add(rules.select(n));
  return forms;
}

/** en keys grouped: plural groups (base → English forms) and plain keys. */
function groupKeys(en: Flat) {
  const pluralBases = new Set<string>();
  for (const key of en.keys()) {
    const base = PLURAL_SUFFIX.exec(key)?.[1];
    if (base !== undefined && en.has(`${base}_other`)) pluralBases.add(base);
  }
  const pluralBaseOf = (key: string): string | undefined => {
    const base = PLURAL_SUFFIX.exec(key)?.[1];
    return base !== undefined && pluralBases.has(base) ? base : undefined;
  };
  return { pluralBases, pluralBaseOf };
}

function list(title: string, items: string[]): string[] {
  if (items.length === 0) return [];
  const shown = items.slice(0, MAX_LISTED).map((item) => `      - ${item}`);
  if (items.length > MAX_LISTED) shown.push(`      … and ${items.length - MAX_LISTED} more`);
  return [`    ${title} (${items.length}):`, ...shown];
}

function main(): number {
  const enLoaded = load("en");
  if (!enLoaded.flat) {
    console.error(`check-i18n: FAILED\n  en: ${enLoaded.error}`);
    return 1;
  }
  const en = enLoaded.flat;
  const { pluralBases, pluralBaseOf } = groupKeys(en);
  const report: string[] = [];

  const enEmpty = [...en].filter(([, v]) => isEmpty(v)).map(([k]) => k);
  if (enEmpty.length) report.push("  en:", ...list("empty or non-string values", enEmpty));

  for (const code of CODES.filter((c) => c !== "en")) {
    const loaded = load(code);
    if (!loaded.flat) {
      report.push(`  ${code}: ${loaded.error}`);
      continue;
    }
    const locale = loaded.flat;
    const required = requiredPluralForms(code);
    const missing: string[] = [];
    const empty: string[] = [];
    const extra: string[] = [];
    const badPlaceholders: string[] = [];
    const identical: string[] = [];

    // Plain keys: exactly those of en.
    for (const [key, enValue] of en) {
      if (pluralBaseOf(key)) continue;
      if (!locale.has(key)) {
        missing.push(key);
        continue;
      }
      const value = locale.get(key);
      if (isEmpty(value)) {
        empty.push(key);
        continue;
      }
      const want = [...placeholders(enValue)].sort().join(", ");
      const got = [...placeholders(value)].sort().join(", ");
      if (want !== got)
        badPlaceholders.push(`${key}: expected {{${want || "none"}}}, found {{${got || "none"}}}`);
      if (value === enValue && !identicalByNature(String(value))) identical.push(key);
    }

    // Plural groups: the forms this language uses; any valid category is allowed, none required
    // beyond those. Placeholders other than {{count}} must appear in every form ("zero"/"one"
    // forms may spell the number out, so {{count}} itself is optional).
    for (const base of pluralBases) {
      const enForms = PLURAL_CATEGORIES.filter((c) => en.has(`${base}_${c}`));
      const enNames = new Set(enForms.flatMap((c) => [...placeholders(en.get(`${base}_${c}`))]));
      for (const category of required) {
        const key = `${base}_${category}`;
        if (!locale.has(key)) missing.push(key);
      }
      for (const category of PLURAL_CATEGORIES) {
        const key = `${base}_${category}`;
        if (!locale.has(key)) continue;
        const value = locale.get(key);
        if (isEmpty(value)) {
          empty.push(key);
          continue;
        }
        const got = placeholders(value);
        const unknown = [...got].filter((n) => !enNames.has(n));
        const absent = [...enNames].filter((n) => n !== "count" && !got.has(n));
        if (unknown.length || absent.length) {
          const parts = [
            unknown.length ? `unknown {{${unknown.join(", ")}}}` : "",
            absent.length ? `missing {{${absent.join(", ")}}}` : "",
          ].filter(Boolean);
          badPlaceholders.push(`${key}: ${parts.join("; ")}`);
        }
        const enValue = en.get(key) ?? en.get(`${base}_other`);
        if (value === enValue && !identicalByNature(String(value))) identical.push(key);
      }
    }

    for (const key of locale.keys()) {
      if (en.has(key)) continue;
      const base = PLURAL_SUFFIX.exec(key)?.[1];
      if (base !== undefined && pluralBases.has(base)) continue; // another plural category of an en key
      extra.push(key);
    }

    const share = identical.length / en.size;
    const problems = [
      ...list("missing keys", missing),
      ...list("empty values", empty),
      ...list("keys not in en.json", extra),
      ...list("placeholders differ from en", badPlaceholders),
      ...(share > MAX_IDENTICAL_SHARE
        ? list(
            `identical to English for ${(share * 100).toFixed(0)}% of ${en.size} keys (limit ${MAX_IDENTICAL_SHARE * 100}%), looks untranslated`,
            identical,
          )
        : []),
    ];
    if (problems.length) report.push(`  ${code}:`, ...problems);
  }

  if (report.length) {
    console.error(`check-i18n: FAILED (app/i18n/locales)\n${report.join("\n")}`);
    return 1;
  }
  console.log(
    `check-i18n: OK, ${CODES.length} locales, ${en.size} keys each, placeholders consistent`,
  );
  return 0;
}

process.exitCode = main();
