import { MessageSquare, Pin, Sparkles } from "lucide-react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { FormField } from "#app/components/form-field";
import { Avatar } from "#app/components/ui/avatar";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { IntentButton } from "#app/components/ui/intent-button";
import { Pagination } from "#app/components/ui/pagination";
import { useTranslation } from "#app/i18n/react";
import { failureOf } from "#app/lib/form";
import { numberFormat } from "#app/lib/intl";
import { relativeTime } from "#app/lib/relative-time";
import { POST_BODY_MAX, POST_TITLE_MAX } from "#app/modules/discussions";
import { MarkdownEditor } from "#app/modules/discussions/components/markdown-editor";
import type { CovenAnswer, CovenLoaded } from "./coven-types";

/** The coven's feed: the composer for those who may post, then its posts, pinned first. */
export function FeedTab({
  loaderData,
  actionData,
}: {
  loaderData: CovenLoaded;
  actionData: CovenAnswer;
}) {
  const { t } = useTranslation();
  const { feed, can } = loaderData;
  const navigation = useNavigation();
  const { pathname } = useLocation();
  if (!feed) return null;
  // Another page of the feed, or the feed after a pin, is on its way: the list says so.
  const loading = navigation.state === "loading" && navigation.location.pathname === pathname;
  return (
    <div className="space-y-6">
      {can.post ? (
        <Composer actionData={actionData} />
      ) : (
        <p className="rounded-md border border-border bg-muted p-3 text-sm" role="status">
          {t("covens.feed.readOnly")}
        </p>
      )}
      <section aria-labelledby="feed-title" aria-busy={loading || undefined}>
        <h2 id="feed-title" className="text-lg font-semibold">
          {t("covens.feed.title")}
        </h2>
        {loading ? (
          <p className="mt-2 text-sm text-muted-foreground" role="status">
            {t("covens.feed.loading")}
          </p>
        ) : null}
        {feed.items.length === 0 ? (
          <div className="mt-3 rounded-xl border border-dashed border-border p-8 text-center">
            <Sparkles className="mx-auto size-6 text-primary/70" aria-hidden="true" />
            <p className="mt-2 font-medium">{t("covens.feed.empty")}</p>
            {can.post ? (
              <p className="mt-1 text-sm text-muted-foreground">{t("covens.feed.emptyHint")}</p>
            ) : null}
          </div>
        ) : (
          <ul
            className={
              loading
                ? "mt-3 divide-y divide-border rounded-xl border border-border opacity-60"
                : "mt-3 divide-y divide-border rounded-xl border border-border"
            }
            data-testid="coven-feed"
          >
            {feed.items.map((item) => (
              <FeedItem key={item.id} item={item} canPin={can.pin} />
            ))}
          </ul>
        )}
        <Pagination page={feed.page} pageCount={feed.pageCount} />
      </section>
    </div>
  );
}

type Item = NonNullable<CovenLoaded["feed"]>["items"][number];

function FeedItem({ item, canPin }: { item: Item; canPin: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <li className="flex gap-3 p-4" data-testid="coven-post">
      <Avatar src={item.authorAvatar} name={item.authorName} size="md" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          {item.pinned ? (
            <Badge variant="secondary" className="gap-1">
              <Pin className="size-3" aria-hidden="true" />
              {t("covens.feed.pinned")}
            </Badge>
          ) : null}
          <h3 className="min-w-0 font-semibold break-words">
            <Link to={item.href} className="hover:underline" dir="auto">
              {item.title}
            </Link>
          </h3>
        </div>
        <p className="mt-0.5 text-xs text-muted-foreground">
          <Link to={`/profile/${item.authorSlug}`} className="hover:underline" dir="auto">
            {item.authorName}
          </Link>
          {" · "}
          {relativeTime(item.createdAt, t, i18n.language)}
        </p>
        {item.summary ? (
          <p className="mt-2 text-sm break-words text-foreground/90" dir="auto">
            {item.summary}
          </p>
        ) : null}
        <div className="mt-2 flex flex-wrap items-center gap-3 text-xs text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <MessageSquare className="size-3.5" aria-hidden="true" />
            {t("covens.feed.comments", {
              number: numberFormat(i18n.language).format(item.replyCount),
            })}
          </span>
          {canPin ? (
            <span className="ms-auto">
              <IntentButton
                intent="pin"
                fields={{ postId: item.id, pinned: item.pinned ? "false" : "true" }}
                variant="ghost"
                label={t(item.pinned ? "covens.feed.unpinLabel" : "covens.feed.pinLabel", {
                  title: item.title,
                })}
              >
                <Pin aria-hidden="true" />
                {item.pinned ? t("covens.feed.unpin") : t("covens.feed.pin")}
              </IntentButton>
            </span>
          ) : null}
        </div>
      </div>
    </li>
  );
}

/** A new post: a title and the discussions' Markdown editor, posted to the coven's action. */
function Composer({ actionData }: { actionData: CovenAnswer }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const failure = failureOf(actionData);
  const mine = failure?.values.intent === "post" ? failure : undefined;
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "post";
  return (
    <section
      aria-labelledby="composer-title"
      className="rounded-xl border border-border bg-card p-4"
    >
      <h2 id="composer-title" className="text-lg font-semibold">
        {t("covens.feed.composerTitle")}
      </h2>
      <Form method="post" className="mt-3 space-y-4" noValidate>
        <input type="hidden" name="intent" value="post" />
        <FormField
          label={t("covens.feed.postTitle")}
          name="title"
          defaultValue={mine?.values.title}
          error={mine?.fieldErrors.title}
          maxLength={POST_TITLE_MAX}
          required
          dir="auto"
        />
        <MarkdownEditor
          name="content"
          label={t("covens.feed.postBody")}
          defaultValue={mine?.values.content}
          error={mine?.fieldErrors.content}
          maxLength={POST_BODY_MAX}
          rows={5}
        />
        <Button type="submit" disabled={busy}>
          {busy ? t("covens.feed.posting") : t("covens.feed.submit")}
        </Button>
      </Form>
    </section>
  );
}
