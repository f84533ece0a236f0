/**
 * The React Router server build for tests that run the whole HTTP application in-process
 * (`createApp()` from server/app.ts). In the production bundle, Vite generates this module as
 * `virtual:react-router/server-build`; here the same route table (app/routes.ts) is turned into
 * a build from the source modules, so requests go through the real routes, loaders, actions and
 * document renderer. The browser asset manifest names files that do not exist: no test loads them.
 */
import path from "node:path";
import {
  type ServerBuild,
  UNSAFE_withComponentProps as withComponentProps,
  UNSAFE_withErrorBoundaryProps as withErrorBoundaryProps,
  UNSAFE_withHydrateFallbackProps as withHydrateFallbackProps,
} from "react-router";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routeConfig from "#app/routes";
import * as entryServer from "#app/entry.server";
import * as root from "#app/root";

type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];
export type RouteEntry = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  file: string;
};

/** The route table as React Router's compiler sees it: ids from the file path unless given. */
export function flattenRoutes(
  entries: RouteConfigEntry[],
  parentId = "root",
  into: RouteEntry[] = [],
): RouteEntry[] {
  for (const entry of entries) {
    const id = entry.id ?? entry.file.replace(/\.[a-z0-9]+$/i, "");
    into.push({
      id,
      parentId,
      path: entry.path,
      index: entry.index,
      caseSensitive: entry.caseSensitive,
      file: entry.file,
    });
    if (entry.children) flattenRoutes(entry.children, id, into);
  }
  return into;
}

export const routeEntries = flattenRoutes(routeConfig);

/** What React Router's Vite plugin does to a route module: its components receive the route's props. */
function withProps(source: Record<string, unknown>): RouteModule {
  const module: Record<string, unknown> = { ...source };
  type Component = Parameters<typeof withComponentProps>[0];
  if (module.default) module.default = withComponentProps(module.default as Component);
  if (module.ErrorBoundary)
    module.ErrorBoundary = withErrorBoundaryProps(
      module.ErrorBoundary as Parameters<typeof withErrorBoundaryProps>[0],
    );
  if (module.HydrateFallback)
    module.HydrateFallback = withHydrateFallbackProps(
      module.HydrateFallback as Parameters<typeof withHydrateFallbackProps>[0],
    );
  return module as unknown as RouteModule;
}

const modules = new Map<string, RouteModule>();
await Promise.all(
  [...new Set(routeEntries.map((r) => r.file))].map(async (file) => {
    modules.set(file, withProps(await import(/* @vite-ignore */ path.resolve("app", file))));
  }),
);

const manifestEntry = (
  id: string,
  parentId: string | undefined,
  module: RouteModule,
  extra: { path?: string; index?: boolean; caseSensitive?: boolean },
) => ({
  id,
  parentId,
  ...extra,
  module: `/assets/${id}.js`,
  imports: [],
  css: [],
  hasAction: "action" in module,
  hasLoader: "loader" in module,
  hasClientAction: false,
  hasClientLoader: false,
  hasClientMiddleware: false,
  hasErrorBoundary: "ErrorBoundary" in module,
});

export const routes: ServerBuild["routes"] = {
  root: { id: "root", path: "", module: withProps(root) },
};
for (const r of routeEntries) {
  routes[r.id] = {
    id: r.id,
    parentId: r.parentId,
    path: r.path,
    index: r.index,
    caseSensitive: r.caseSensitive,
    module: modules.get(r.file)!,
  } as ServerBuild["routes"][string];
}

export const assets = {
  version: "test",
  url: "/assets/manifest-test.js",
  entry: { module: "/assets/entry.client.js", imports: [] },
  routes: Object.fromEntries(
    Object.values(routes).map((r) => [
      r!.id,
      manifestEntry(r!.id, r!.parentId, r!.module, {
        path: r!.path,
        index: r!.index,
        caseSensitive: r!.caseSensitive,
      }),
    ]),
  ),
} as unknown as ServerBuild["assets"];

export const entry = { module: entryServer } as unknown as ServerBuild["entry"];
export const assetsBuildDirectory = "build/client";
export const basename = "/";
export const future = {};
export const ssr = true;
export const isSpaMode = false;
export const prerender: string[] = [];
export const routeDiscovery = { mode: "lazy", manifestPath: "/__manifest" };
export const publicPath = "/";
export const allowedActionOrigins = undefined;
