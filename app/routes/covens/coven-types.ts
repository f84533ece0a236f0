import type { Route } from "./+types/coven";

/** What the coven page's loader and action give its tabs. */
export type CovenLoaded = Route.ComponentProps["loaderData"];
export type CovenAnswer = Route.ComponentProps["actionData"];
