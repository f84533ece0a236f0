import { setupTestDatabase } from "./test-db";

/** The address the application believes it serves (PUBLIC_URL is unset in tests). */
export const ORIGIN = "http://localhost:3000";

/**
 * The whole HTTP application (server/app.ts: middleware, auth API, React Router pages) on a fresh
 * database, called in-process: `fetch("/path", init)` answers as the server would over the
 * network, without a socket.
 */
export async function startTestApp() {
  const { database, cleanup } = await setupTestDatabase();
  // Imported after the database is open: the configuration reads DATA_DIR on first use.
  const { createApp } = await import("#server/app");
  const app = createApp();
  // Appended, not resolved: a path such as `//evil.test/x` must stay a path of this origin.
  const fetch = (path: string, init?: RequestInit) =>
    app.request(path.startsWith("http") ? path : `${ORIGIN}${path}`, init);
  return { app, database, fetch, cleanup };
}
