/** The discussion list's tabs (SPEC §4). */
export const TABS = ["latest", "trending", "featured", "answered"] as const;
export type Tab = (typeof TABS)[number];
