import type { MiddlewareHandler } from "hono";
import { UPLOADS_PATH } from "#app/modules/media";

/**
 * HEAD is answered as the GET of the same address without its body, so it carries exactly the
 * headers GET would (security policy, caching, encoding): every handler and middleware after this
 * one only ever sees GET. The body is cancelled, which stops a document render early. The
 * resumable upload endpoint is the exception: in the tus protocol HEAD asks how many bytes of an
 * upload the server has, which is not a GET.
 */
export const headAsGet: MiddlewareHandler = async (c, next) => {
  if (c.req.method !== "HEAD" || c.req.path.startsWith(`${UPLOADS_PATH}/`)) return next();
  c.req.raw = new Request(c.req.raw, { method: "GET" });
  await next();
  await c.res.body?.cancel().catch(() => {});
  c.res = new Response(null, c.res);
};
