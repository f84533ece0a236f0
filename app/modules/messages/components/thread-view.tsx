import { rankTextKey } from "#app/modules/profiles";
import { textKey } from "#app/i18n/i18n";
import { ArrowLeft, Ban, MoreVertical, SendHorizontal, User } from "lucide-react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "#app/i18n/react";
import { Link, useFetcher, useNavigate, useRevalidator } from "react-router";
import { useActionToast } from "#app/hooks/use-action-toast";
import { failureOf, type ActionResult } from "#app/lib/form";
import { Avatar } from "#app/components/ui/avatar";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#app/components/ui/dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "#app/components/ui/dropdown-menu";
import { FieldError } from "#app/components/ui/field-error";
import { Textarea } from "#app/components/ui/textarea";
import { cn } from "#app/lib/cn";
import { relativeTime } from "#app/lib/relative-time";
import { MESSAGE_MAX } from "../limits";
import { MessageBody } from "./message-body";
import { useMessageEvents } from "./use-message-events";
import { numberFormat } from "#app/lib/intl";
import type { ConversationMember } from "../types";

export interface ThreadMessage {
  id: string;
  senderId: string;
  body: string;
  createdAt: Date | string;
}

export interface ThreadConversation {
  id: string;
  other: ConversationMember;
  blockedByViewer: boolean;
  blockedByOther: boolean;
}

/** What the thread route's action does, in its answer (an `ActionResult`, also read from a fetcher when JavaScript runs). */
export type ThreadActionData = { intent: "send" | "block" | "unblock" };
type ThreadActionResult = ActionResult<ThreadActionData>;

export interface ThreadViewProps {
  viewerId: string;
  conversation: ThreadConversation;
  messages: ThreadMessage[];
  hasOlder: boolean;
  /** The "before" cursor of the URL: the page shows an older window, not the newest messages. */
  before: string | null;
  justRead: number;
  actionData?: ThreadActionResult;
}

const time = (m: ThreadMessage) => new Date(m.createdAt).getTime();

/** Every message seen so far, once each, oldest first (the order of the server's keyset). */
function merge(known: ThreadMessage[], incoming: ThreadMessage[]): ThreadMessage[] {
  const byId = new Map(known.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort(
    (a, b) => time(a) - time(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/**
 * One conversation: header with the member and the block menu, the messages (newest at the
 * bottom; the scroll box is anchored there by `flex-col-reverse`, also without JavaScript), a
 * "Load older" link and the composer. New messages arrive over the event stream: the page
 * revalidates, which appends them and marks them read.
 */
export function ThreadView({
  viewerId,
  conversation,
  messages,
  hasOlder,
  before,
  justRead,
  actionData,
}: ThreadViewProps) {
  const { t, i18n } = useTranslation();
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  useEffect(() => {
    revalidate.current = revalidator.revalidate;
  });
  const { other } = conversation;

  // Everything loaded so far: the loader's window (refreshed on every revalidation) plus the older pages fetched.
  const [known, setKnown] = useState(messages);
  const [latestWindow, setLatestWindow] = useState(messages);
  if (latestWindow !== messages) {
    setLatestWindow(messages);
    setKnown((current) => merge(current, messages));
  }
  const [olderCursor, setOlderCursor] = useState(hasOlder ? (messages[0]?.id ?? null) : null);
  const older = useFetcher<{ messages: ThreadMessage[]; hasOlder: boolean }>();
  const [olderPage, setOlderPage] = useState(older.data);
  if (older.data && older.data !== olderPage) {
    const page = older.data;
    setOlderPage(page);
    setKnown((current) => merge(current, page.messages));
    setOlderCursor(page.hasOlder ? (page.messages[0]?.id ?? null) : null);
  }

  // Opening the thread marked messages read; the header's total (root loader, and what arrived
  // live since) may predate that, so load it again. The next result has justRead 0: no loop.
  useEffect(() => {
    if (justRead > 0) revalidate.current();
  }, [messages, justRead]);

  // Any new message (this thread or another) refreshes the thread, the list and the counts.
  useMessageEvents(() => revalidate.current());

  return (
    <section
      aria-labelledby="thread-title"
      className="flex h-full min-h-0 flex-col rounded-xl border border-border bg-card"
    >
      <ThreadHeader conversation={conversation} />
      <div
        role="log"
        aria-labelledby="thread-title"
        tabIndex={0}
        className="flex min-h-0 flex-1 flex-col-reverse overflow-y-auto px-3 py-3 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        data-testid="message-log"
      >
        <div>
          {olderCursor ? (
            <p className="mb-3 text-center">
              <Link
                to={`/messages/${conversation.id}?before=${encodeURIComponent(olderCursor)}`}
                className="text-sm text-primary hover:underline"
                onClick={(event) => {
                  event.preventDefault();
                  if (older.state === "idle")
                    older.load(
                      `/messages/${conversation.id}?before=${encodeURIComponent(olderCursor)}`,
                    );
                }}
              >
                {older.state === "idle" ? t("messages.loadOlder") : t("messages.loadingOlder")}
              </Link>
            </p>
          ) : null}
          {known.length === 0 ? (
            <p className="py-10 text-center text-sm text-muted-foreground">
              {t("messages.threadEmpty", { name: other.displayName })}
            </p>
          ) : (
            <ol className="space-y-2">
              {known.map((message) => {
                const mine = message.senderId === viewerId;
                return (
                  <li
                    key={message.id}
                    className={cn("flex", mine ? "justify-end" : "justify-start")}
                    data-testid="message"
                  >
                    <div
                      className={cn(
                        "max-w-[85%] rounded-2xl px-3 py-2 text-sm sm:max-w-[75%]",
                        mine
                          ? "rounded-ee-sm bg-primary text-primary-foreground"
                          : "rounded-es-sm bg-muted text-foreground",
                      )}
                    >
                      <span className="sr-only">
                        {mine
                          ? t("messages.youSaid")
                          : t("messages.theySaid", { name: other.displayName })}{" "}
                      </span>
                      <MessageBody text={message.body} />
                      <time
                        dateTime={new Date(message.createdAt).toISOString()}
                        className={cn(
                          "mt-1 block text-end text-xs",
                          mine ? "text-primary-foreground" : "text-muted-foreground",
                        )}
                        suppressHydrationWarning
                      >
                        {relativeTime(message.createdAt, t, i18n.language)}
                      </time>
                    </div>
                  </li>
                );
              })}
            </ol>
          )}
          {before ? (
            <p className="mt-3 text-center">
              <Link
                to={`/messages/${conversation.id}`}
                className="text-sm text-primary hover:underline"
              >
                {t("messages.jumpToNewest")}
              </Link>
            </p>
          ) : null}
        </div>
      </div>
      {conversation.blockedByViewer ? (
        <p
          className="border-t border-border px-4 py-3 text-sm text-muted-foreground"
          data-testid="thread-blocked"
        >
          {t("messages.blockedByYou", { name: other.displayName })}
        </p>
      ) : conversation.blockedByOther ? (
        <p
          className="border-t border-border px-4 py-3 text-sm text-muted-foreground"
          data-testid="thread-blocked"
        >
          {t("messages.blockedByOther")}
        </p>
      ) : (
        <Composer
          conversation={conversation}
          before={before}
          actionData={
            actionData && (!actionData.ok || actionData.data?.intent === "send")
              ? actionData
              : undefined
          }
        />
      )}
    </section>
  );
}

function ThreadHeader({ conversation }: { conversation: ThreadConversation }) {
  const { t } = useTranslation();
  const { other } = conversation;
  const [confirm, setConfirm] = useState<"block" | "unblock" | null>(null);
  const fetcher = useFetcher<ThreadActionResult>();
  const [handled, setHandled] = useState(fetcher.data);
  if (fetcher.data && fetcher.data !== handled) {
    setHandled(fetcher.data);
    if (fetcher.data.ok) setConfirm(null);
  }
  useActionToast(fetcher.data);
  const intent = confirm ?? (conversation.blockedByViewer ? "unblock" : "block");

  return (
    <header className="flex items-center gap-3 border-b border-border px-3 py-2">
      <Button asChild variant="ghost" size="icon" className="md:hidden">
        <Link to="/messages" aria-label={t("messages.backToList")} title={t("messages.backToList")}>
          <ArrowLeft className="rtl:-scale-x-100" aria-hidden="true" />
        </Link>
      </Button>
      <Avatar src={other.avatarUrl} name={other.displayName} size="md" />
      <div className="min-w-0 flex-1">
        <h2 id="thread-title" className="truncate font-semibold">
          <Link to={`/profile/${other.slug}`} className="hover:underline">
            <bdi>{other.displayName}</bdi>
          </Link>
        </h2>
        <Badge variant="secondary" className="mt-0.5">
          {t(rankTextKey(other.rank))}
        </Badge>
      </div>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t("messages.options")}
            title={t("messages.options")}
            data-testid="thread-menu"
          >
            <MoreVertical aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-52">
          <DropdownMenuItem asChild>
            <Link to={`/profile/${other.slug}`}>
              <User aria-hidden="true" />
              {t("messages.viewProfile")}
            </Link>
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem
            variant={conversation.blockedByViewer ? "default" : "destructive"}
            onSelect={() => setConfirm(conversation.blockedByViewer ? "unblock" : "block")}
          >
            <Ban aria-hidden="true" />
            {conversation.blockedByViewer ? t("messages.unblock") : t("messages.block")}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <Dialog open={confirm !== null} onOpenChange={(open) => (open ? null : setConfirm(null))}>
        <DialogContent closeLabel={t("common.close")}>
          <DialogHeader>
            <DialogTitle>
              {t(intent === "block" ? "messages.blockTitle" : "messages.unblockTitle", {
                name: other.displayName,
              })}
            </DialogTitle>
            <DialogDescription>
              {t(intent === "block" ? "messages.blockText" : "messages.unblockText", {
                name: other.displayName,
              })}
            </DialogDescription>
          </DialogHeader>
          <fetcher.Form method="post" action={`/messages/${conversation.id}`}>
            <input type="hidden" name="intent" value={intent} />
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="outline">
                  {t("common.cancel")}
                </Button>
              </DialogClose>
              <Button
                type="submit"
                variant={intent === "block" ? "destructive" : "default"}
                disabled={fetcher.state !== "idle"}
              >
                {t(intent === "block" ? "messages.blockConfirm" : "messages.unblockConfirm")}
              </Button>
            </DialogFooter>
          </fetcher.Form>
        </DialogContent>
      </Dialog>
    </header>
  );
}

/**
 * The message box: a plain POST form (works without JavaScript); with JavaScript it sends through
 * a fetcher, Enter sends and Shift+Enter starts a new line, and the text is cleared at once and
 * given back if the server refuses it (too long, too fast, blocked).
 */
function Composer({
  conversation,
  before,
  actionData,
}: {
  conversation: ThreadConversation;
  before: string | null;
  actionData?: ThreadActionResult;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const fetcher = useFetcher<ThreadActionResult>();
  const form = useRef<HTMLFormElement>(null);
  const [text, setText] = useState(failureOf(actionData)?.values.body ?? "");
  const result = fetcher.data ?? actionData;
  const error = failureOf(result)?.formError ?? null;
  const sending = fetcher.state !== "idle";
  const pendingBody = sending ? String(fetcher.formData?.get("body") ?? "") : "";

  // A refused message comes back into the (emptied) box.
  const [handled, setHandled] = useState(fetcher.data);
  if (fetcher.data && fetcher.data !== handled) {
    const data = fetcher.data;
    setHandled(data);
    const kept = failureOf(data)?.values.body;
    if (kept) {
      setText((current) => current || kept);
    }
  }
  // Sent from an older page of the thread: show the newest messages, where it now is.
  useEffect(() => {
    if (fetcher.data?.ok && before) navigate(`/messages/${conversation.id}`, { replace: true });
  }, [fetcher.data, before, navigate, conversation.id]);

  const submit = () => {
    if (!form.current || !text.trim() || sending) return;
    fetcher.submit(new FormData(form.current), {
      method: "post",
      action: `/messages/${conversation.id}`,
      preventScrollReset: true,
    });
    setText("");
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <fetcher.Form
      ref={form}
      method="post"
      action={`/messages/${conversation.id}`}
      className="border-t border-border p-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <input type="hidden" name="intent" value="send" />
      {pendingBody ? (
        <p className="mb-2 truncate text-end text-xs text-muted-foreground" aria-live="polite">
          {t("messages.sending")} <span className="sr-only">{pendingBody}</span>
        </p>
      ) : null}
      <label htmlFor="message-body" className="sr-only">
        {t("messages.composerLabel", { name: conversation.other.displayName })}
      </label>
      <div className="flex items-end gap-2">
        <Textarea
          id="message-body"
          name="body"
          rows={2}
          maxLength={MESSAGE_MAX}
          required
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t("messages.composerPlaceholder")}
          aria-describedby={error ? "message-hint message-error" : "message-hint"}
          aria-invalid={error ? true : undefined}
          className="max-h-40 min-h-11 flex-1"
        />
        <Button
          type="submit"
          disabled={sending}
          aria-label={t("messages.send")}
          title={t("messages.send")}
          className="shrink-0"
        >
          <SendHorizontal className="rtl:-scale-x-100" aria-hidden="true" />
          <span className="hidden sm:inline">{t("messages.send")}</span>
        </Button>
      </div>
      <p id="message-hint" className="mt-1 hidden text-xs text-muted-foreground sm:block">
        {t("messages.composerHint")}
      </p>
      <FieldError
        id="message-error"
        className="mt-1"
        message={
          error ? t(textKey(error), { max: numberFormat(i18n.language).format(MESSAGE_MAX) }) : null
        }
      />
    </fetcher.Form>
  );
}
