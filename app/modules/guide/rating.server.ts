import { detectLocale } from "#app/i18n/detect";
import { serverT } from "#app/i18n/resources.server";
import { getViewer } from "#app/modules/auth/index.server";
import { rateReply } from "./conversations.server";
import { chatRatingSchema } from "./validation";

const BODY_MAX = 2048;

function json(status: number, body: unknown): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

/**
 * POST /api/chat/rate: `{ conversationId, messageId, visitorSessionId, rating: up|down|none }`.
 * 204 when stored (again the same is fine), 403 when the reply is not in the rater's own
 * conversation, 400 for anything unreadable.
 */
export async function handleRating(request: Request): Promise<Response> {
  const t = serverT(detectLocale(request));
  let body: unknown;
  try {
    const text = await request.text();
    if (text.length > BODY_MAX) return json(413, { error: t("chat.errors.invalid") });
    body = JSON.parse(text) as unknown;
  } catch {
    return json(400, { error: t("chat.errors.invalid") });
  }
  const parsed = chatRatingSchema.safeParse(body);
  if (!parsed.success) return json(400, { error: t("chat.errors.invalid") });
  const viewer = await getViewer(request);
  if (!(await rateReply(parsed.data, viewer?.user.id ?? null)))
    return json(403, { error: t("chat.errors.notYours") });
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}
