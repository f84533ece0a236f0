import { useCallback, useRef, useState } from "react";
import { useTranslation } from "#app/i18n/react";
import { toast } from "#app/components/ui/toast";
import { CHAT_LIMITS } from "../validation";

export interface ChatEntry {
  id: string;
  role: "user" | "assistant";
  content: string;
  /** SPEC §8: no first piece within 8 seconds; shown as the busy message with quick links. */
  busy?: boolean;
  /** The greeting: shown, never sent back as history. */
  greeting?: boolean;
  /** A stored reply's id (chat.server.ts MESSAGE_HEADER): what the visitor rates. */
  serverId?: string;
  /** The visitor's thumbs on this reply. */
  rating?: "up" | "down";
}

const VISITOR_KEY = "sanctuary.chat.visitor";
/** The header carrying the conversation's id (chat.server.ts CONVERSATION_HEADER). */
const CONVERSATION_HEADER = "X-Chat-Conversation-Id";
/** The header naming the streamed reply (chat.server.ts MESSAGE_HEADER). */
const MESSAGE_HEADER = "X-Chat-Message-Id";

let seq = 0;
const newId = () => `m${Date.now().toString(36)}${(seq += 1)}`;

/** The visitor's session id, kept in localStorage so one browser stays one visitor. */
export function visitorSessionId(): string {
  try {
    const known = window.localStorage.getItem(VISITOR_KEY);
    if (known && /^[A-Za-z0-9_-]{8,100}$/.test(known)) return known;
    const made = `v_${crypto.randomUUID().replace(/-/g, "")}`;
    window.localStorage.setItem(VISITOR_KEY, made);
    return made;
  } catch {
    return `v_${crypto.randomUUID().replace(/-/g, "")}`;
  }
}

/**
 * The conversation as the widget holds it: the greeting, then the visitor's messages and the
 * streamed replies (SPEC §4 sending: idle → sending → idle; §8 errors and the 8-second fallback).
 */
export function useChat() {
  const { t } = useTranslation();
  const [messages, setMessages] = useState<ChatEntry[]>(() => [
    { id: "greeting", role: "assistant", content: t("chat.greeting"), greeting: true },
  ]);
  const [sending, setSending] = useState(false);
  const conversationId = useRef<string | null>(null);
  const current = useRef(messages);
  current.current = messages;
  const busyRef = useRef(false);

  const update = (id: string, change: (entry: ChatEntry) => ChatEntry) =>
    setMessages((list) => list.map((entry) => (entry.id === id ? change(entry) : entry)));

  const send = useCallback(
    async (raw: string): Promise<boolean> => {
      const content = raw.trim();
      if (content === "" || busyRef.current) return false;
      busyRef.current = true;
      setSending(true);
      const question: ChatEntry = { id: newId(), role: "user", content };
      const replyId = newId();
      const history = [...current.current, question]
        .filter((entry) => !entry.greeting && !entry.busy && entry.content !== "")
        .slice(-(CHAT_LIMITS.historyKept + 1))
        .map(({ role, content }) => ({ role, content }));
      setMessages((list) => [...list, question, { id: replyId, role: "assistant", content: "" }]);
      const controller = new AbortController();
      let received = false;
      let timedOut = false;
      const timer = setTimeout(() => {
        if (received) return;
        timedOut = true;
        controller.abort();
        update(replyId, (entry) => ({ ...entry, busy: true, content: "" }));
      }, CHAT_LIMITS.firstTokenMs);
      try {
        const response = await fetch("/api/chat", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({
            messages: history,
            conversationId: conversationId.current,
            visitorSessionId: visitorSessionId(),
            origin: window.location.origin,
          }),
          signal: controller.signal,
        });
        if (!response.ok) {
          const body = (await response.json().catch(() => null)) as {
            error?: unknown;
            choices?: Array<{ message?: { content?: unknown } }>;
          } | null;
          const fallback = body?.choices?.[0]?.message?.content;
          if (typeof fallback === "string" && fallback !== "") {
            received = true;
            update(replyId, (entry) => ({ ...entry, content: fallback }));
            return true;
          }
          throw new Error(typeof body?.error === "string" ? body.error : t("chat.failedResponse"));
        }
        conversationId.current =
          response.headers.get(CONVERSATION_HEADER) ?? conversationId.current;
        const serverId = response.headers.get(MESSAGE_HEADER);
        if (!response.body) throw new Error(t("chat.noBody"));
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        let pending = "";
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          pending += decoder.decode(value, { stream: true });
          const lines = pending.split("\n");
          pending = lines.pop() ?? "";
          for (const line of lines) {
            if (!line.startsWith("data: ")) continue;
            const data = line.slice(6).trim();
            if (data === "[DONE]") continue;
            let piece = "";
            try {
              const parsed = JSON.parse(data) as {
                choices?: Array<{ delta?: { content?: unknown } }>;
              };
              const delta = parsed.choices?.[0]?.delta?.content;
              piece = typeof delta === "string" ? delta : "";
            } catch {
              continue;
            }
            if (piece === "") continue;
            received = true;
            clearTimeout(timer);
            update(replyId, (entry) => ({ ...entry, content: entry.content + piece }));
          }
        }
        // Rated once the whole reply is stored (the server stores it before the stream ends).
        if (serverId && received) update(replyId, (entry) => ({ ...entry, serverId }));
        return true;
      } catch (error) {
        if (timedOut) return true;
        const message = error instanceof Error && error.message ? error.message : "";
        toast.error(t("chat.errorTitle"), { description: message || t("chat.failed") });
        setMessages((list) => list.filter((entry) => entry.id !== replyId || entry.content !== ""));
        return false;
      } finally {
        clearTimeout(timer);
        busyRef.current = false;
        setSending(false);
      }
    },
    [t],
  );

  /** Thumbs up or down on a reply (again the same takes it back); false when refused. */
  const rate = useCallback(
    async (id: string, value: "up" | "down"): Promise<boolean> => {
      const entry = current.current.find((e) => e.id === id);
      if (!entry?.serverId || !conversationId.current) return false;
      const next = entry.rating === value ? undefined : value;
      update(id, (e) => ({ ...e, rating: next }));
      try {
        const response = await fetch("/api/chat/rate", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({
            conversationId: conversationId.current,
            messageId: entry.serverId,
            visitorSessionId: visitorSessionId(),
            rating: next ?? "none",
          }),
        });
        if (!response.ok) throw new Error(t("chat.rateFailed"));
        return true;
      } catch {
        update(id, (e) => ({ ...e, rating: entry.rating }));
        toast.error(t("chat.errorTitle"), { description: t("chat.rateFailed") });
        return false;
      }
    },
    [t],
  );

  return { messages, sending, send, rate };
}
