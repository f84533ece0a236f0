import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import {
  ChevronDown,
  ChevronUp,
  Lock,
  Minus,
  Send,
  Sparkles,
  BookOpen,
  ThumbsDown,
  ThumbsUp,
  X,
  Zap,
} from "lucide-react";
import { useTranslation } from "#app/i18n/react";
import { useRootData } from "#app/root";
import { markdownToHtml } from "#app/lib/markdown";
import { cn } from "#app/lib/cn";
import { useChat, type ChatEntry } from "./use-chat";

/**
 * A reply's Markdown as HTML: micromark shows raw HTML as text and drops every link protocol but
 * http(s), irc(s), mailto and xmpp (SPEC §2); images are not shown; every link opens in a new tab.
 */
export function replyHtml(markdown: string): string {
  return markdownToHtml(markdown, () => null)
    .replace(/<img[^>]*>/g, "")
    .replace(/<a href="/g, '<a target="_blank" rel="noopener noreferrer" href="')
    .replace(
      /(<a target="_blank" rel="noopener noreferrer" href="[^"]*") target="_blank" rel="noopener noreferrer"/g,
      "$1",
    );
}

/** Thumbs up and down under a stored reply (pressed state for screen readers). */
function Rating({
  entry,
  onRate,
}: {
  entry: ChatEntry;
  onRate: (id: string, value: "up" | "down") => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="mt-1 flex gap-1" role="group" aria-label={t("chat.rateLabel")}>
      {(
        [
          ["up", ThumbsUp, "chat.rateUp"],
          ["down", ThumbsDown, "chat.rateDown"],
        ] as const
      ).map(([value, Icon, key]) => (
        <button
          key={value}
          type="button"
          aria-pressed={entry.rating === value}
          aria-label={t(key)}
          title={t(key)}
          onClick={() => onRate(entry.id, value)}
          className={cn(
            "inline-flex size-7 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
            entry.rating === value && "bg-muted text-primary",
          )}
          data-testid={`rate-${value}`}
        >
          <Icon className="size-4" aria-hidden />
        </button>
      ))}
    </div>
  );
}

function Message({
  entry,
  sending,
  onRate,
}: {
  entry: ChatEntry;
  sending: boolean;
  onRate: (id: string, value: "up" | "down") => void;
}) {
  const { t } = useTranslation();
  const { settings } = useRootData();
  // The visitor's own message (a chat sender, not an account role).
  const { role: sender } = entry;
  const mine = sender === "user";
  const tarot = settings.tarot_reading_url || settings.oracle_angelic_url || "/explore";
  return (
    <div className={cn("flex", mine ? "justify-end" : "justify-start")}>
      <div
        className={cn(
          "max-w-[85%] rounded-2xl px-3 py-2 text-sm break-words",
          mine ? "bg-primary text-primary-foreground" : "bg-muted text-foreground",
        )}
        data-chat-role={entry.role}
      >
        {mine ? (
          <p className="whitespace-pre-wrap" dir="auto">
            {entry.content}
          </p>
        ) : entry.busy ? (
          <div>
            <p>{t("chat.busy")}</p>
            <ul className="mt-2 list-disc space-y-1 ps-5">
              {(
                [
                  ["/search", "chat.linkSearch"],
                  [tarot, "chat.linkTarot"],
                  ["/discussions", "chat.linkForum"],
                ] as const
              ).map(([href, key]) => (
                <li key={key}>
                  <a href={href} target="_blank" rel="noopener noreferrer" className="underline">
                    {t(key)}
                    <span className="sr-only"> {t("chat.newTab")}</span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : entry.content === "" && sending ? (
          <span className="flex gap-1 py-1" role="status" aria-label={t("chat.typing")}>
            {[0, 1, 2].map((i) => (
              <span
                key={i}
                className="size-2 animate-bounce rounded-full bg-muted-foreground"
                style={{ animationDelay: `${i * 150}ms` }}
              />
            ))}
          </span>
        ) : (
          <div
            className="prose-content chat-reply [&_a]:underline [&_blockquote]:border-s-2 [&_blockquote]:ps-2"
            dangerouslySetInnerHTML={{ __html: replyHtml(entry.content) }}
          />
        )}
        {!mine && entry.serverId ? <Rating entry={entry} onRate={onRate} /> : null}
      </div>
    </div>
  );
}

/** The message list (a polite live log) and the form, shared by the floating and embedded modes. */
function Conversation({
  placeholder,
  inputRef,
  className,
}: {
  placeholder: string;
  inputRef: React.RefObject<HTMLInputElement | null>;
  className?: string;
}) {
  const { t } = useTranslation();
  const { messages, sending, send, rate } = useChat();
  const [text, setText] = useState("");
  const logRef = useRef<HTMLDivElement>(null);
  const inputId = useId();

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages]);

  // The input is disabled while a reply streams (SPEC §4); it takes the focus back after.
  const wasSending = useRef(false);
  useEffect(() => {
    if (wasSending.current && !sending) inputRef.current?.focus();
    wasSending.current = sending;
  }, [sending, inputRef]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === "" || sending) return;
    const value = text;
    setText("");
    void send(value).then((ok) => {
      if (!ok) setText((now) => (now === "" ? value : now));
    });
  };

  return (
    <>
      <div
        ref={logRef}
        role="log"
        aria-live="polite"
        aria-label={t("chat.log")}
        className={cn("flex-1 space-y-3 overflow-y-auto p-3", className)}
        tabIndex={0}
      >
        {messages.map((entry) => (
          <Message
            key={entry.id}
            entry={entry}
            sending={sending}
            onRate={(id, value) => void rate(id, value)}
          />
        ))}
      </div>
      <form onSubmit={submit} className="flex items-center gap-2 border-t border-border p-3">
        <label htmlFor={inputId} className="sr-only">
          {t("chat.inputLabel")}
        </label>
        <input
          id={inputId}
          ref={inputRef}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={placeholder}
          disabled={sending}
          maxLength={2000}
          autoComplete="off"
          dir="auto"
          className="h-10 min-w-0 flex-1 rounded-md border border-input bg-background px-3 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-60"
        />
        <button
          type="submit"
          disabled={sending || text.trim() === ""}
          aria-label={t("chat.send")}
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-md bg-primary text-primary-foreground hover:opacity-90 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-50"
        >
          <Send className="size-4 rtl:-scale-x-100" aria-hidden />
        </button>
      </form>
    </>
  );
}

/** SPEC §2 floating panel: header, log, input, footer; minimize (desktop) and close. */
export function FloatingChat({
  hidden,
  onMinimize,
  onClose,
}: {
  hidden: boolean;
  onMinimize: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!hidden) inputRef.current?.focus();
  }, [hidden]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      onClose();
    }
  };

  return (
    <section
      role="dialog"
      aria-labelledby={titleId}
      hidden={hidden}
      onKeyDown={onKeyDown}
      data-testid="chat-panel"
      className="fixed end-4 bottom-4 z-50 flex h-[min(36rem,calc(100dvh-2rem))] w-[calc(100vw-2rem)] max-w-sm flex-col overflow-hidden rounded-xl border border-border bg-card text-card-foreground shadow-2xl"
    >
      <header className="flex items-start gap-2 border-b border-border bg-primary px-4 py-3 text-primary-foreground">
        <Sparkles className="mt-1 size-5 shrink-0" aria-hidden />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="font-serif text-lg font-semibold tracking-wide">
            {t("chat.title")}
          </h2>
          <p className="text-xs opacity-90">{t("chat.subtitle")}</p>
        </div>
        <button
          type="button"
          onClick={onMinimize}
          aria-label={t("chat.minimize")}
          className="hidden size-8 items-center justify-center rounded-md hover:bg-primary-foreground/15 focus-visible:ring-2 focus-visible:ring-primary-foreground focus-visible:outline-none md:inline-flex"
        >
          <Minus className="size-4" aria-hidden />
        </button>
        <button
          type="button"
          onClick={onClose}
          aria-label={t("chat.close")}
          className="inline-flex size-8 items-center justify-center rounded-md hover:bg-primary-foreground/15 focus-visible:ring-2 focus-visible:ring-primary-foreground focus-visible:outline-none"
        >
          <X className="size-4" aria-hidden />
        </button>
      </header>
      <Conversation placeholder={t("chat.placeholder")} inputRef={inputRef} />
      <p className="border-t border-border px-3 py-2 text-center text-xs text-muted-foreground">
        {t("chat.footer")}
      </p>
    </section>
  );
}

/** SPEC §2 embedded mode (/help/faq): starts open, collapsible, with its three badges. */
export function EmbeddedChat() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const bodyId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <section
      className="overflow-hidden rounded-xl border border-border bg-card text-card-foreground shadow-sm"
      data-testid="chat-embedded"
    >
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((v) => !v)}
          className="flex w-full items-center gap-2 bg-primary px-4 py-3 text-start text-primary-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <Sparkles className="size-5 shrink-0" aria-hidden />
          <span className="flex-1 font-serif text-lg font-semibold">{t("chat.embeddedTitle")}</span>
          <span className="sr-only">{open ? t("chat.collapse") : t("chat.expand")}</span>
          {open ? (
            <ChevronUp className="size-5" aria-hidden />
          ) : (
            <ChevronDown className="size-5" aria-hidden />
          )}
        </button>
      </h2>
      <div id={bodyId} hidden={!open} className="flex h-[28rem] flex-col">
        <ul className="flex flex-wrap gap-2 px-3 pt-3 text-xs">
          {(
            [
              [Lock, "chat.badgePrivate"],
              [Zap, "chat.badgeInstant"],
              [BookOpen, "chat.badgeFaq"],
            ] as const
          ).map(([Icon, key]) => (
            <li
              key={key}
              className="inline-flex items-center gap-1 rounded-full border border-border px-2 py-0.5 text-muted-foreground"
            >
              <Icon className="size-3" aria-hidden />
              {t(key)}
            </li>
          ))}
        </ul>
        <Conversation placeholder={t("chat.embeddedPlaceholder")} inputRef={inputRef} />
      </div>
    </section>
  );
}
