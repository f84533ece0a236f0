import { data } from "react-router";
import type { Route } from "./+types/thread";
import { actionError, actionOk, readForm, validateForm } from "#app/lib/form";
import { idParam } from "#app/lib/ids";
import { breadcrumbHandle } from "#app/components/shell/breadcrumb-trail";
import { pageMeta } from "#app/i18n/meta";
import { requireUser } from "#app/modules/auth/index.server";
import { ConversationList } from "#app/modules/messages/components/conversation-list";
import { MessagesLayout } from "#app/modules/messages/components/messages-layout";
import { ThreadView, type ThreadActionData } from "#app/modules/messages/components/thread-view";
import {
  MessageRefusedError,
  allowSending,
  blockMember,
  getConversation,
  listConversations,
  listMessages,
  markConversationRead,
  sendMessage,
  unblockMember,
} from "#app/modules/messages/index.server";
import { messageSchema } from "#app/modules/messages/validation";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "messages.title", {
    prefix: args.loaderData?.conversation.other.displayName,
    noindex: true,
  });

export const handle = {
  texts: ["messages"],
  ...breadcrumbHandle<Route.ComponentProps["loaderData"]>(
    (data) => data?.conversation.other.displayName ?? null,
  ),
} satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const viewer = await requireUser({ request, url });
  const conversation = await getConversation(viewer.user.id, idParam(params.conversationId));
  if (!conversation) throw data(null, { status: 404 });
  const before = url.searchParams.get("before");
  const cursor = url.searchParams.get("cursor");
  // Read first, so the list below already shows this conversation as read.
  const justRead = await markConversationRead(viewer.user.id, conversation.id);
  const [thread, conversations] = await Promise.all([
    listMessages(conversation.id, { before }),
    listConversations(viewer.user.id, { cursor, includeId: conversation.id }),
  ]);
  return {
    viewerId: viewer.user.id,
    conversation,
    ...thread,
    before,
    cursor,
    conversations,
    justRead,
  };
}

export async function action({ request, params, url }: Route.ActionArgs) {
  const viewer = await requireUser({ request, url });
  const conversation = await getConversation(viewer.user.id, idParam(params.conversationId));
  if (!conversation) throw data(null, { status: 404 });
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "block" || intent === "unblock") {
    if (intent === "block") await blockMember(viewer.user.id, conversation.other.userId);
    else await unblockMember(viewer.user.id, conversation.other.userId);
    const toast = {
      key: intent === "block" ? "messages.blockedDone" : "messages.unblockedDone",
      params: { name: conversation.other.displayName },
    };
    return actionOk<ThreadActionData>({ toast, data: { intent } });
  }
  // The composer shows its error under the box: the first one is the form's.
  const parsed = validateForm(form, messageSchema, { toast: true });
  if (!parsed.ok) return parsed.response;
  const fail = (formError: string, status: number) =>
    actionError({ formError, values: parsed.values }, status);
  if (!(await allowSending(viewer.user.id))) return fail("messages.errors.rateLimited", 429);
  try {
    await sendMessage(
      { id: viewer.user.id, displayName: viewer.profile.displayName },
      conversation.id,
      parsed.data.body,
    );
  } catch (error) {
    if (error instanceof MessageRefusedError)
      return fail(`messages.errors.${error.reason}`, error.reason === "notFound" ? 404 : 403);
    throw error;
  }
  return actionOk<ThreadActionData>({ data: { intent: "send" } });
}

export default function ThreadPage({ loaderData, actionData }: Route.ComponentProps) {
  const { conversation, conversations, cursor } = loaderData;
  return (
    <MessagesLayout
      list={
        <ConversationList
          items={conversations.items}
          activeId={conversation.id}
          nextCursor={conversations.nextCursor}
          cursor={cursor}
          pageHref={(next) =>
            next
              ? `/messages/${conversation.id}?cursor=${encodeURIComponent(next)}`
              : `/messages/${conversation.id}`
          }
          className="flex-1"
        />
      }
      thread={
        <ThreadView
          key={conversation.id}
          viewerId={loaderData.viewerId}
          conversation={conversation}
          messages={loaderData.messages}
          hasOlder={loaderData.hasOlder}
          before={loaderData.before}
          justRead={loaderData.justRead}
          actionData={actionData}
        />
      }
    />
  );
}
