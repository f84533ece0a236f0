import type { Route } from "./+types/chat";
import { handleChat } from "#app/modules/guide/index.server";

/** POST /api/chat: the AI guide's streamed answer (SPEC §7, docs/ARCHITECTURE.md "AI guide (chat)"). */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST")
    return Response.json(
      { error: "Method not allowed" },
      { status: 405, headers: { Allow: "POST" } },
    );
  return handleChat(request);
}
