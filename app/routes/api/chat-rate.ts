import type { Route } from "./+types/chat-rate";
import { handleRating } from "#app/modules/guide/index.server";

/** POST /api/chat/rate: a visitor's thumbs up or down on one of the guide's replies. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST")
    return Response.json(
      { error: "Method not allowed" },
      { status: 405, headers: { Allow: "POST" } },
    );
  return handleRating(request);
}
