import { clsx, type ClassValue } from "clsx";
import { createTailwindMerge } from "tailwind-merge";
import { classMergeConfig } from "./class-merge-config";

/** Resolves conflicts among the utilities this codebase uses (see class-merge-config.ts). */
const mergeClasses = createTailwindMerge(() => classMergeConfig);

/** Joins class names (clsx syntax) and lets later Tailwind utilities override earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}
