import { data, Link } from "react-router";
import type { Route } from "./+types/chat-conversations";
import { ListFilters, filterHref, isFiltered } from "#app/components/list-filters";
import { Pagination } from "#app/components/ui/pagination";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { idSchema } from "#app/lib/ids";
import { dateTimeFormat } from "#app/lib/intl";
import { pageNumber } from "#app/lib/page-number";
import { requireAdmin } from "#app/modules/auth/index.server";
import { conversationList, conversationTranscript } from "#app/modules/guide/index.server";
import { conversationFilterSchema } from "#app/modules/guide/validation";
import { replyHtml } from "#app/modules/guide/components/chat-panel";

export const handle = { texts: ["admin"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "admin.chatConversations.title", { noindex: true });

const DEFAULTS = { from: "", to: "", show: "all" };

/**
 * SPEC /admin/chat-conversations and /admin/all-chat-conversations (one screen): the guide's
 * conversations, filtered by date, unanswered questions and thumbs down; `?open={id}` shows
 * one transcript beside the list.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin({ request, url });
  const filter = conversationFilterSchema.parse({
    from: url.searchParams.get("from") ?? undefined,
    to: url.searchParams.get("to") ?? undefined,
    show: url.searchParams.get("show") ?? undefined,
  });
  const openParam = url.searchParams.get("open");
  let transcript = null;
  if (openParam) {
    const id = idSchema.safeParse(openParam);
    if (!id.success) throw data("errors.badId", { status: 400, statusText: "Bad Request" });
    transcript = await conversationTranscript(id.data);
    if (!transcript) throw data(null, { status: 404 });
  }
  const list = await conversationList(filter, pageNumber(url.searchParams.get("page")));
  return {
    path: url.pathname,
    values: { from: filter.from ?? "", to: filter.to ?? "", show: filter.show },
    rows: list.rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      lastMessageAt: row.lastMessageAt.toISOString(),
    })),
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    transcript: transcript
      ? {
          ...transcript,
          createdAt: transcript.createdAt.toISOString(),
          messages: transcript.messages.map((m) => ({
            ...m,
            createdAt: m.createdAt.toISOString(),
          })),
        }
      : null,
  };
}

export default function ChatConversations({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { values, rows, transcript, path } = loaderData;
  const when = dateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  const number = new Intl.NumberFormat(i18n.language);
  const filtered = isFiltered(values, DEFAULTS, ["from", "to", "show"]);
  const listHref = filterHref(
    path,
    { ...values, page: loaderData.page > 1 ? String(loaderData.page) : "" },
    DEFAULTS,
  );
  const openHref = (id: string) =>
    filterHref(
      path,
      { ...values, page: loaderData.page > 1 ? String(loaderData.page) : "", open: id },
      DEFAULTS,
    );
  return (
    <div className="space-y-6">
      <div>
        <h2 id="chat-conversations" className="text-2xl font-semibold">
          {t("admin.chatConversations.title")}
        </h2>
        <p className="mt-1 text-muted-foreground">{t("admin.chatConversations.text")}</p>
      </div>
      <ListFilters
        idPrefix="conversations"
        labelledBy="chat-conversations"
        applyLabel={t("admin.chatConversations.apply")}
        fields={[
          {
            kind: "date",
            name: "from",
            label: t("admin.chatConversations.from"),
            value: values.from,
          },
          { kind: "date", name: "to", label: t("admin.chatConversations.to"), value: values.to },
          {
            kind: "select",
            name: "show",
            label: t("admin.chatConversations.show"),
            value: values.show,
            options: [
              { value: "all", label: t("admin.chatConversations.showAll") },
              { value: "unanswered", label: t("admin.chatConversations.showUnanswered") },
              { value: "thumbsDown", label: t("admin.chatConversations.showThumbsDown") },
            ],
          },
        ]}
      />
      <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
        <p role="status">
          {t("admin.chatConversations.count", {
            count: loaderData.total,
            formatted: number.format(loaderData.total),
          })}
        </p>
        {filtered ? (
          <Link to={path} className="text-primary hover:underline">
            {t("admin.chatConversations.clear")}
          </Link>
        ) : null}
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section aria-label={t("admin.chatConversations.listLabel")}>
          {rows.length === 0 ? (
            <p className="rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">
              {filtered
                ? t("admin.chatConversations.emptyFiltered")
                : t("admin.chatConversations.empty")}
            </p>
          ) : (
            <ul className="space-y-2" data-testid="conversation-list">
              {rows.map((row) => (
                <li key={row.id}>
                  <Link
                    to={openHref(row.id)}
                    aria-current={transcript?.id === row.id ? "true" : undefined}
                    className="block rounded-xl border border-border bg-card p-3 hover:border-primary aria-[current=true]:border-primary"
                  >
                    <span className="line-clamp-2 font-medium" dir="auto">
                      {row.firstQuestion ?? t("admin.chatConversations.noQuestion")}
                    </span>
                    <span className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
                      <bdi>{row.memberName ?? t("admin.chatConversations.guest")}</bdi>
                      <time dateTime={row.lastMessageAt}>
                        {when.format(new Date(row.lastMessageAt))}
                      </time>
                      <span>
                        {t("admin.chatConversations.messages", {
                          count: row.messages,
                          formatted: number.format(row.messages),
                        })}
                      </span>
                      {row.unanswered > 0 ? (
                        <span className="text-amber-700 dark:text-amber-400">
                          {t("admin.chatConversations.unanswered", {
                            count: row.unanswered,
                            formatted: number.format(row.unanswered),
                          })}
                        </span>
                      ) : null}
                      {row.thumbsDown > 0 ? (
                        <span className="text-destructive">
                          {t("admin.chatConversations.thumbsDown", {
                            count: row.thumbsDown,
                            formatted: number.format(row.thumbsDown),
                          })}
                        </span>
                      ) : null}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <Pagination page={loaderData.page} pageCount={loaderData.pageCount} className="mt-4" />
        </section>
        <section
          aria-labelledby="transcript-title"
          className="rounded-xl border border-border bg-card p-4"
          data-testid="transcript"
        >
          <h3 id="transcript-title" className="text-lg font-semibold">
            {t("admin.chatConversations.transcript")}
          </h3>
          {transcript ? (
            <>
              <p className="mt-1 text-sm text-muted-foreground">
                {transcript.memberSlug ? (
                  <Link
                    to={`/profile/${transcript.memberSlug}`}
                    className="text-primary hover:underline"
                  >
                    <bdi>{transcript.memberName}</bdi>
                  </Link>
                ) : (
                  t("admin.chatConversations.guest")
                )}{" "}
                ·{" "}
                <time dateTime={transcript.createdAt}>
                  {when.format(new Date(transcript.createdAt))}
                </time>
              </p>
              <ol className="mt-4 space-y-3">
                {transcript.messages.map((m) => (
                  <li
                    key={m.id}
                    className={
                      m.senderType === "user"
                        ? "ms-8 rounded-lg bg-primary/10 p-3"
                        : "me-8 rounded-lg bg-muted p-3"
                    }
                  >
                    <p className="text-xs font-medium text-muted-foreground">
                      {m.senderType === "user"
                        ? t("admin.chatConversations.visitor")
                        : t("admin.chatConversations.guide")}{" "}
                      · <time dateTime={m.createdAt}>{when.format(new Date(m.createdAt))}</time>
                      {m.unanswered ? ` · ${t("admin.chatConversations.nothingFound")}` : ""}
                      {m.rating === 1 ? ` · ${t("admin.chatConversations.ratedUp")}` : ""}
                      {m.rating === -1 ? ` · ${t("admin.chatConversations.ratedDown")}` : ""}
                    </p>
                    {m.senderType === "user" ? (
                      // The visitor's text as typed.
                      <p className="mt-1 text-sm break-words whitespace-pre-wrap" dir="auto">
                        {m.content}
                      </p>
                    ) : (
                      // The reply as the visitor saw it (the widget's safe Markdown: no raw HTML).
                      <div
                        className="prose-content mt-1 text-sm break-words [&_a]:underline [&_blockquote]:border-s-2 [&_blockquote]:ps-2"
                        dangerouslySetInnerHTML={{ __html: replyHtml(m.content) }}
                      />
                    )}
                  </li>
                ))}
              </ol>
              <p className="mt-4">
                <Link to={listHref} className="text-sm text-primary hover:underline">
                  {t("admin.chatConversations.closeTranscript")}
                </Link>
              </p>
            </>
          ) : (
            <p className="mt-2 text-sm text-muted-foreground">
              {t("admin.chatConversations.pick")}
            </p>
          )}
        </section>
      </div>
    </div>
  );
}
