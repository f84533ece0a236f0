import { directionOf, type Locale } from "./locales";

/**
 * The interface texts' runtime: looks a key up in a language's messages, picks the plural or
 * context form, and fills in `{{values}}`. It is i18next's behaviour for the part of i18next this
 * product uses (one namespace, JSON v4 plural keys, `context`, `defaultValue`, ),
 * written small because it is on every page before anything is interactive: i18next weighed
 * 14 kB gzip of a 150 kB budget (docs/decisions/029-own-translation-runtime.md).
 */

export type Messages = Record<string, unknown>;

type PluralForm = "zero" | "one" | "two" | "few" | "many" | "other";
type WithoutPluralForm<Key extends string> = Key extends `${infer Base}_${PluralForm}` ? Base : Key;
/** The dotted paths to the texts of a messages object, plural forms named once, without suffix. */
type TextPaths<Group, Prefix extends string = ""> = {
  [Key in keyof Group & string]: Group[Key] extends string
    ? `${Prefix}${WithoutPluralForm<Key>}`
    : TextPaths<Group[Key], `${Prefix}${Key}.`>;
}[keyof Group & string];

/**
 * Every key of the interface texts, from the English messages: a key the messages lack fails the
 * typecheck, and a key built from parts (`discussions.tabs.${tab}`) must be built from a union
 * of the parts that exist.
 */
export type MessageKey = TextPaths<typeof import("./locales/en.json")>;

/** The dotted paths to the groups of a messages object ("discussions", "discussions.notify"). */
type GroupPaths<Group, Prefix extends string = ""> = {
  [Key in keyof Group & string]: Group[Key] extends string
    ? never
    : `${Prefix}${Key}` | GroupPaths<Group[Key], `${Prefix}${Key}.`>;
}[keyof Group & string];

/** Every group of the interface texts, from the English messages. */
export type MessageGroup = GroupPaths<typeof import("./locales/en.json")>;

export interface TOptions {
  /** Chooses the plural form (`key_one`, `key_other`, … by the language's rules; `key_zero` for 0). */
  count?: number;
  /** Chooses `key_<context>` when it exists. */
  context?: string | number;
  /** The text when the key exists in no language. */
  defaultValue?: string;
  /** Values for `{{name}}` (dotted paths reach into objects). */
  [value: string]: unknown;
}

export type TFunction = (key: MessageKey, options?: TOptions) => string;

/**
 * A key that reached the interface as data (a validation message, an action's error, a stored
 * value): typed as a string where it travels, read as a key here. Keys in code are checked by
 * the typecheck; keys in data by app/i18n/keys.test.ts, which finds every key-shaped string in
 * the source and expects it in the English messages. A key that is nowhere reads as itself.
 */
export function textKey(key: string): MessageKey {
  return key as MessageKey;
}

export interface I18n {
  readonly language: Locale;
  /** Looks keys up from the root of the messages. */
  readonly t: TFunction;
  /** Whether the key names a text in this language or the fallback. */
  exists(key: string): boolean;
  dir(): "ltr" | "rtl";
}

/** Enough for every plain key of the interface; past it, texts are looked up each time. */
const REMEMBERED_TEXTS_LIMIT = 5000;
const PLACEHOLDER = /\{\{-?\s*([^{}]+?)\s*\}\}/g;

/**
 * A translator for one language. Keys missing from `messages` are read from `fallback` (the
 * English messages) with English plural rules; a key found nowhere answers `defaultValue` or the
 * key itself. Texts are never changed once there, only added (the browser merges a route's
 * bundle of texts into `messages` before the route renders, app/i18n/client-i18n.ts), so plain
 * look-ups (no options) that found a text are remembered: server rendering asks for the same
 * label once per comment of a long thread. A miss is not remembered, since its text may come.
 */
export function createI18n(locale: Locale, messages: Messages, fallback?: Messages): I18n {
  const languages: Array<{ messages: Messages; plurals: Intl.PluralRules }> = [
    { messages, plurals: new Intl.PluralRules(locale) },
  ];
  if (fallback && fallback !== messages)
    languages.push({ messages: fallback, plurals: new Intl.PluralRules("en") });
  const remembered = new Map<string, string>();

  function translate(key: string, options?: TOptions): string {
    if (options === undefined) {
      let text = remembered.get(key);
      if (text === undefined) {
        text = lookUp(key, {});
        if (text === undefined) return key;
        if (remembered.size < REMEMBERED_TEXTS_LIMIT) remembered.set(key, text);
      }
      return text;
    }
    const found =
      lookUp(key, options) ??
      (typeof options.defaultValue === "string" ? options.defaultValue : undefined);
    return found === undefined ? key : interpolate(found, options);
  }

  function lookUp(key: string, options: TOptions): string | undefined {
    for (const language of languages) {
      for (const candidate of candidateKeys(key, options, language.plurals)) {
        const text = resolvePath(language.messages, candidate);
        if (typeof text === "string") return text;
      }
    }
    return undefined;
  }

  const t: TFunction = (key, options) => translate(key, options);
  return {
    language: locale,
    t,
    exists: (key) => lookUp(key, {}) !== undefined,
    dir: () => directionOf(locale),
  };
}

/** The keys to try, most specific first, as i18next orders them. */
function candidateKeys(key: string, options: TOptions, plurals: Intl.PluralRules): string[] {
  const count = typeof options.count === "number" ? options.count : undefined;
  const context =
    options.context !== undefined && options.context !== "" ? String(options.context) : undefined;
  const suffix = count === undefined ? undefined : `_${plurals.select(count)}`;
  const forms = (base: string): string[] => {
    if (suffix === undefined) return [base];
    return [...(count === 0 ? [`${base}_zero`] : []), `${base}${suffix}`];
  };
  const keys: string[] = [];
  if (context !== undefined) keys.push(...forms(`${key}_${context}`), `${key}_${context}`);
  keys.push(...forms(key), key);
  if (suffix !== undefined && suffix !== "_other") {
    if (context !== undefined) keys.push(`${key}_${context}_other`);
    keys.push(`${key}_other`);
  }
  return keys;
}

function resolvePath(messages: Messages, path: string): unknown {
  // Most keys are two or three levels deep: walk without building an array of parts.
  let node: unknown = messages;
  let start = 0;
  while (node !== undefined) {
    const dot = path.indexOf(".", start);
    const part = dot === -1 ? path.slice(start) : path.slice(start, dot);
    node =
      typeof node === "object" && node !== null && Object.hasOwn(node, part)
        ? (node as Messages)[part]
        : undefined;
    if (dot === -1) return node;
    start = dot + 1;
  }
  return undefined;
}

/**
 * Fills `{{name}}` (and i18next's unescaped `{{- name}}`) from the options. A name the options
 * do not have stays as written, as in i18next, so a forgotten value shows instead of vanishing.
 */
function interpolate(text: string, options: TOptions): string {
  if (!text.includes("{{")) return text;
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    const value = name.includes(".")
      ? resolvePath(options, name)
      : Object.hasOwn(options, name)
        ? options[name]
        : undefined;
    if (value === undefined) return Object.hasOwn(options, name) ? "" : placeholder;
    return typeof value === "string" ? value : String(value as string | number);
  });
}
