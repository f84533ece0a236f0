import { useTranslation } from "react-i18next";
import { data, redirect, useRevalidator } from "react-router";
import type { Route } from "./+types/list";
import { readForm } from "#app/lib/form";
import { pageMeta } from "#app/i18n/meta";
import { requireUser } from "#app/modules/auth/viewer.server";
import { ConversationList } from "#app/modules/messages/components/conversation-list";
import { MessagesLayout } from "#app/modules/messages/components/messages-layout";
import { useMessageEvents } from "#app/modules/messages/components/use-message-events";
import { MessageRefusedError, listConversations, startConversation } from "#app/modules/messages/messages.server";
import { startSchema } from "#app/modules/messages/validation";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "messages.title", { noindex: true });

export async function loader({ request, url }: Route.LoaderArgs) {
  const viewer = await requireUser({ request, url });
  const cursor = url.searchParams.get("cursor");
  return { conversations: await listConversations(viewer.user.id, { cursor }), cursor };
}

/** "Message" on a profile: opens the conversation with that member, creating it if needed. */
export async function action({ request, url }: Route.ActionArgs) {
  const viewer = await requireUser({ request, url });
  const parsed = startSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return data({ error: parsed.error.issues[0].message }, { status: 400 });
  let id: string;
  try {
    id = await startConversation(viewer.user.id, parsed.data.member);
  } catch (error) {
    if (!(error instanceof MessageRefusedError)) throw error;
    const notFound = error.reason === "notFound";
    return data({ error: notFound ? "messages.errors.memberNotFound" : `messages.errors.${error.reason}` }, { status: notFound ? 404 : 403 });
  }
  throw redirect(`/messages/${id}`);
}

export default function MessagesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  // New messages re-order the list and raise its unread counts.
  useMessageEvents(() => revalidator.revalidate());
  const { conversations, cursor } = loaderData;
  return (
    <MessagesLayout
      list={
        <>
          {actionData?.error ? (
            <p role="alert" className="border-b border-border bg-destructive/10 px-3 py-2 text-sm text-destructive">
              {t(actionData.error)}
            </p>
          ) : null}
          <ConversationList
            items={conversations.items}
            nextCursor={conversations.nextCursor}
            cursor={cursor}
            pageHref={(next) => (next ? `/messages?cursor=${encodeURIComponent(next)}` : "/messages")}
            className="flex-1"
          />
        </>
      }
    />
  );
}
