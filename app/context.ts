import { createContext } from "react-router";

/** Per-request values the server process hands to loaders and to the document renderer. */
export interface RequestContext {
  /** The CSP nonce of this response: every inline script and style carries it. */
  nonce: string;
  requestId: string;
  /**
   * Set by `handleError` (entry.server.tsx) when a loader or action failed because the database
   * could not be reached: the server then answers 503 instead of 500 (docs/decisions/011).
   */
  databaseUnavailable?: boolean;
  /** Cookies a loader sets on the response (the A/B guest id and seen tests, decision 069). */
  setCookies?: string[];
}

export const requestContext = createContext<RequestContext>({ nonce: "", requestId: "" });
