import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import routes from "#app/routes";
import en from "./locales/en.json";
import { bundleOfKey } from "./bundle-map.server";
import { isTextBundle, type TextBundle } from "./bundles";

/**
 * A page renders with the shell's texts and those its routes declare (`handle.texts`, see
 * app/i18n/bundles.ts), nothing else: a key outside them would show as the key itself in the
 * browser. This reads the modules each route loads in the browser (its imports, followed
 * through the application's modules, dynamic imports included; `.server` modules are not sent,
 * but the route's own ones are read too for the keys its actions answer with) and expects every
 * key they name in the bundles the route has. The modules on every page (the document, the shell,
 * the error boundary) must find all their keys in the shell's bundle.
 */

const APP = path.resolve("app");

interface RouteEntry {
  id?: string;
  file: string;
  children?: RouteEntry[];
}

interface SourceFile {
  imports: string[];
  /** Keys named in full, and the prefixes of keys built from parts (`discussions.tabs.${tab}`). */
  keys: string[];
  prefixes: string[];
}

const sources = new Map<string, SourceFile>();

function resolveImport(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith("#app/")) base = path.join(APP, specifier.slice(5));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return undefined;
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find(
    (file) => /\.tsx?$/.test(file) && existsSync(file) && statSync(file).isFile(),
  );
}

/** Whether `key` names a text, a plural form's base or a group of the English messages. */
function resolves(key: string): boolean {
  const parts = key.split(".");
  const last = parts.pop()!;
  let node: unknown = en;
  for (const part of parts) {
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, part)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  if (typeof node !== "object" || node === null) return false;
  return Object.keys(node).some((name) => name === last || name.startsWith(`${last}_`));
}

/** A module's browser entry, app/modules/<m>/index.ts (docs/ARCHITECTURE.md "Module entries"). */
const MODULE_ENTRY = /[\\/]app[\\/]modules[\\/][^\\/]+[\\/]index\.ts$/;

/**
 * The files behind the names an import clause takes from a module entry: the entry only
 * re-exports, and the bundler keeps only the files whose names are used.
 */
function throughEntry(entry: string, clause: string): string[] {
  const names = (/\{([^}]*)\}/.exec(clause)?.[1] ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "" && !name.startsWith("type "))
    .map((name) => name.split(/\s+as\s+/)[0]!);
  const text = readFileSync(entry, "utf8");
  return [...text.matchAll(/^export\s+(type\s+)?\{([^}]*)\}\s*from\s+["']([^"']+)["']/gm)]
    .filter(
      (match) => !match[1] && match[2]!.split(",").some((name) => names.includes(name.trim())),
    )
    .flatMap((match) => resolveImport(entry, match[3]!) ?? []);
}

function sourceFile(file: string): SourceFile {
  let source = sources.get(file);
  if (source) return source;
  // Comments may mention keys that nothing reads.
  const text = readFileSync(file, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "");
  const named = [
    ...text.matchAll(/^\s*(?:import|export)\s+(type\s+)?([^;]*?)from\s+["']([^"']+)["']/gms),
  ]
    .filter((match) => !match[1])
    .flatMap((match) => {
      const imported = resolveImport(file, match[3]!);
      if (!imported) return [];
      return MODULE_ENTRY.test(imported) ? throughEntry(imported, match[2]!) : [imported];
    });
  const specifiers = [
    ...[...text.matchAll(/^\s*import\s+["']([^"']+)["']/gm)].map((match) => match[1]!),
    ...[...text.matchAll(/(?<!typeof\s)\bimport\(\s*["']([^"']+)["']\s*\)/g)].map(
      (match) => match[1]!,
    ),
  ];
  source = {
    imports: [...named, ...specifiers.flatMap((specifier) => resolveImport(file, specifier) ?? [])],
    keys: [...text.matchAll(/["'`]([a-z][A-Za-z]*(?:\.[A-Za-z][\w-]*)+)["'`]/g)]
      .map((match) => match[1]!)
      .filter((key) => Object.hasOwn(en, key.split(".")[0]!) && resolves(key)),
    prefixes: [...text.matchAll(/`([a-z][A-Za-z]*\.(?:[A-Za-z][\w-]*\.)*)[^`]*?\$\{/g)]
      .map((match) => match[1]!)
      .filter((prefix) => Object.hasOwn(en, prefix.split(".")[0]!)),
  };
  sources.set(file, source);
  return source;
}

const isServerModule = (file: string) => /\.server\.tsx?$/.test(file);

/** The modules the browser loads from `entries`, not following into `known`. */
function browserModules(entries: string[], known = new Set<string>()): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || known.has(file)) continue;
    seen.add(file);
    queue.push(...sourceFile(file).imports.filter((next) => !isServerModule(next)));
  }
  return seen;
}

/** Every key of the English messages, dotted, plural and context forms as they are written. */
function leafKeys(group: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(group).flatMap(([key, value]) =>
    typeof value === "object" && value !== null
      ? leafKeys(value as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}
const ALL_KEYS = leafKeys(en);

/** The texts `modules` name that none of `bundles` holds, as "file: key (bundle)". */
function missingTexts(modules: Iterable<string>, bundles: ReadonlySet<TextBundle>): string[] {
  const missing: string[] = [];
  for (const file of modules) {
    const { keys, prefixes } = sourceFile(file);
    const named = [
      ...keys,
      ...prefixes.flatMap((prefix) => ALL_KEYS.filter((key) => key.startsWith(prefix))),
    ];
    for (const key of new Set(named)) {
      const bundle = bundleOfKey(key);
      // Texts the server alone reads (e-mails) are fine in the server's modules.
      if (bundle === null && isServerModule(file)) continue;
      if (!bundle || !bundles.has(bundle))
        missing.push(`${path.relative(APP, file)}: ${key} (${bundle ?? "server only"})`);
    }
  }
  return missing;
}

const EVERY_PAGE = ["root.tsx", "routes/shell.tsx", "routes/boundary.tsx", "entry.client.tsx"].map(
  (file) => path.join(APP, file),
);
const shellModules = browserModules(EVERY_PAGE);

/** Each route module with the bundles its layouts declare. */
function routeModules(
  entries: readonly RouteEntry[],
  inherited: readonly TextBundle[] = [],
): Array<{ file: string; bundles: TextBundle[] }> {
  return entries.flatMap((entry) => {
    const file = path.join(APP, entry.file);
    const bundles = [...inherited, ...declaredTexts(file)];
    return [{ file, bundles }, ...routeModules(entry.children ?? [], bundles)];
  });
}

function declaredTexts(file: string): TextBundle[] {
  const source = readFileSync(file, "utf8");
  const declared = /export const handle = \{\s*texts: \[([^\]]*)\]/.exec(source);
  if (!declared) return [];
  return [...declared[1]!.matchAll(/"([a-z]+)"/g)].map((match) => match[1]!).filter(isTextBundle);
}

describe("the texts each page has", () => {
  it("hold every key the modules on every page name in the shell's bundle", () => {
    expect(shellModules.size).toBeGreaterThan(50);
    expect(missingTexts(shellModules, new Set(["shell"]))).toEqual([]);
  });

  const modules = routeModules(routes as RouteEntry[]);
  it.each(modules.map(({ file, bundles }) => [path.relative(APP, file), bundles] as const))(
    "hold every key %s names",
    (file, bundles) => {
      const entry = path.join(APP, file);
      const own = sourceFile(entry).imports.filter(isServerModule);
      const loaded = new Set<TextBundle>(["shell", ...bundles]);
      expect(missingTexts([...browserModules([entry], shellModules), ...own], loaded)).toEqual([]);
    },
  );

  it("are loaded before a client navigation renders a route that declares them", () => {
    const unloaded = modules
      .filter(({ file }) => declaredTexts(file).length > 0)
      .filter(
        ({ file }) =>
          !/export const clientMiddleware = \[textsMiddleware\(handle\)\];/.test(
            readFileSync(file, "utf8"),
          ),
      )
      .map(({ file }) => path.relative(APP, file));
    expect(unloaded).toEqual([]);
  });
});
