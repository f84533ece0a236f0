import { textKey } from "#app/i18n/i18n";
import { useTranslation } from "#app/i18n/react";
import { redirect, useRevalidator } from "react-router";
import type { Route } from "./+types/list";
import { actionError, failureOf, parseForm } from "#app/lib/form";
import { pageMeta } from "#app/i18n/meta";
import { requireUser } from "#app/modules/auth/index.server";
import { ConversationList } from "#app/modules/messages/components/conversation-list";
import { MessagesLayout } from "#app/modules/messages/components/messages-layout";
import { useMessageEvents } from "#app/modules/messages/components/use-message-events";
import {
  MessageRefusedError,
  listConversations,
  startConversation,
} from "#app/modules/messages/index.server";
import { startSchema } from "#app/modules/messages/validation";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";

/** The texts of this page beyond the shell's (app/i18n/bundles.ts). */
export const handle = { texts: ["messages"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "messages.title", { noindex: true });

export async function loader({ request, url }: Route.LoaderArgs) {
  const viewer = await requireUser({ request, url });
  const cursor = url.searchParams.get("cursor");
  return { conversations: await listConversations(viewer.user.id, { cursor }), cursor };
}

/** "Message" on a profile: opens the conversation with that member, creating it if needed. */
export async function action({ request, url }: Route.ActionArgs) {
  const viewer = await requireUser({ request, url });
  // The error shows above the list: the first one is the form's.
  const parsed = await parseForm(request, startSchema, { toast: true });
  if (!parsed.ok) return parsed.response;
  let id: string;
  try {
    id = await startConversation(viewer.user.id, parsed.data.member);
  } catch (error) {
    if (!(error instanceof MessageRefusedError)) throw error;
    const notFound = error.reason === "notFound";
    return actionError(
      {
        formError: notFound ? "messages.errors.memberNotFound" : `messages.errors.${error.reason}`,
        values: parsed.values,
      },
      notFound ? 404 : 403,
    );
  }
  throw redirect(`/messages/${id}`);
}

export default function MessagesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  // New messages re-order the list and raise its unread counts.
  useMessageEvents(() => revalidator.revalidate());
  const { conversations, cursor } = loaderData;
  const formError = failureOf(actionData)?.formError;
  return (
    <MessagesLayout
      list={
        <>
          {formError ? (
            <p
              role="alert"
              className="border-b border-border bg-destructive/10 px-3 py-2 text-sm text-destructive"
            >
              {t(textKey(formError))}
            </p>
          ) : null}
          <ConversationList
            items={conversations.items}
            nextCursor={conversations.nextCursor}
            cursor={cursor}
            pageHref={(next) =>
              next ? `/messages?cursor=${encodeURIComponent(next)}` : "/messages"
            }
            className="flex-1"
          />
        </>
      }
    />
  );
}
