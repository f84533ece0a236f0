import { and, eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { db } from "#app/db/client.server";
import { requestContext } from "#app/context";
import { abTestEvents } from "#app/modules/experiments/schema";
import { routeArgs } from "./route-args";

/**
 * One browser request to a page or endpoint that draws A/B variants, with the request context
 * a loader writes its cookies to: `args` for calling the loader, `cookies()` as set, and
 * `cookieHeader()` as the browser would send them back on its next request.
 */
export function experimentVisit(url: string, headers: Record<string, string> = {}) {
  const request = new Request(url, { headers });
  const context = new RouterContextProvider();
  context.set(requestContext, { nonce: "", requestId: "t" });
  const cookies = () => context.get(requestContext).setCookies ?? [];
  return {
    request,
    context,
    args: { ...(routeArgs(request) as object), context } as never,
    cookies,
    cookieHeader: () =>
      cookies()
        .map((c) => c.split(";")[0])
        .join("; "),
  };
}

/** Impressions counted for one test, all variants. */
export async function experimentViews(testId: string): Promise<number> {
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(abTestEvents)
    .where(and(eq(abTestEvents.testId, testId), eq(abTestEvents.eventType, "view")));
  return row!.n;
}
