import { createContext } from "react-router";

/** Per-request values the server process hands to loaders and to the document renderer. */
export interface RequestContext {
  /** The CSP nonce of this response: every inline script and style carries it. */
  nonce: string;
  requestId: string;
}

export const requestContext = createContext<RequestContext>({ nonce: "", requestId: "" });
