import { data, Link } from "react-router";
import type { Route } from "./+types/faq-entry";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import { RenderedMarkdown } from "#app/components/markdown";
import { breadcrumbHandle } from "#app/components/shell/breadcrumb-trail";
import { dateTimeFormat } from "#app/lib/intl";
import { renderMarkdown } from "#app/lib/markdown.server";
import { faqBySlug } from "#app/modules/guide/index.server";

/** The trail names the entry by its question. */
export const handle = {
  ...breadcrumbHandle<Route.ComponentProps["loaderData"]>((data) => data?.question ?? null),
};

export const meta: Route.MetaFunction = (args) =>
  args.loaderData ? pageMeta(args, { text: args.loaderData.question }) : [];

/** SPEC /faq/{slug}: an FAQ entry an admin approved on /admin/chat-learning (decision 062). */
export async function loader({ params }: Route.LoaderArgs) {
  const entry = await faqBySlug(params.slug);
  if (!entry) throw data(null, { status: 404 });
  return {
    question: entry.question,
    answerHtml: renderMarkdown(entry.answer),
    updatedAt: entry.updatedAt.toISOString(),
  };
}

export default function FaqEntry({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const updated = dateTimeFormat(i18n.language, { dateStyle: "long" }).format(
    new Date(loaderData.updatedAt),
  );
  return (
    <article className="mx-auto max-w-3xl px-4 py-8">
      <p className="text-sm font-medium text-primary">{t("chat.faq.kicker")}</p>
      <h1 className="mt-1 text-3xl font-semibold" dir="auto">
        {loaderData.question}
      </h1>
      <p className="mt-1 text-sm text-muted-foreground">
        {t("common.lastUpdated", { date: updated })}
      </p>
      <div className="mt-6" dir="auto">
        <RenderedMarkdown html={loaderData.answerHtml} />
      </div>
      <p className="mt-8">
        <Link to="/help/faq" className="text-primary underline-offset-4 hover:underline">
          {t("chat.faq.all")}
        </Link>
      </p>
    </article>
  );
}
