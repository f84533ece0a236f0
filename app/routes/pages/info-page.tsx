import { useTranslation } from "#app/i18n/react";
import { data } from "react-router";
import type { Route } from "./+types/info-page";
import { pageMeta } from "#app/i18n/meta";
import { RenderedMarkdown } from "#app/components/markdown";
import { renderMarkdown } from "#app/lib/markdown.server";
import { getPage } from "#app/modules/pages/index.server";
import { dateTimeFormat } from "#app/lib/intl";
import { EmbeddedGuide } from "#app/modules/guide/components/embedded-chat";
import { approvedFaqs } from "#app/modules/guide/index.server";
import { Link } from "react-router";

/** Which stored page each informational path shows (/help/faq and /faq are the same page). */
const PATH_TO_SLUG: Record<string, string> = {
  "/about": "about",
  "/privacy": "privacy",
  "/terms": "terms",
  "/refunds": "refunds",
  "/help": "help",
  "/help/guidelines": "help-guidelines",
  "/help/faq": "faq",
  "/faq": "faq",
};

export const meta: Route.MetaFunction = (args) =>
  args.loaderData ? pageMeta(args, { text: args.loaderData.page.title }) : [];

export async function loader({ url }: Route.LoaderArgs) {
  const pathname = url.pathname.replace(/\/$/, "");
  const slug = PATH_TO_SLUG[pathname];
  const page = slug ? await getPage(slug) : undefined;
  if (!page) throw data(null, { status: 404 });
  // The FAQ page lists the entries learned from the guide's conversations (decision 062).
  const learned = slug === "faq" ? await approvedFaqs(200) : [];
  return {
    learned: learned.map((entry) => ({ slug: entry.slug, question: entry.question })),
    /** SPEC §2: the guide's embedded mode sits on /help/faq. */
    embeddedGuide: pathname === "/help/faq",
    page: {
      title: page.title,
      bodyHtml: renderMarkdown(page.body),
      updatedAt: page.updatedAt.toISOString(),
    },
  };
}

export default function InfoPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { page } = loaderData;
  const updated = dateTimeFormat(i18n.language, { dateStyle: "long" }).format(
    new Date(page.updatedAt),
  );
  return (
    <article className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-semibold" dir="auto">
        {page.title}
      </h1>
      <p className="mt-1 text-sm text-muted-foreground">
        {t("common.lastUpdated", { date: updated })}
      </p>
      <div className="mt-6">
        <RenderedMarkdown html={page.bodyHtml} />
      </div>
      {loaderData.learned.length > 0 ? (
        <section aria-labelledby="learned-faq" className="mt-8">
          <h2 id="learned-faq" className="text-xl font-semibold">
            {t("chat.faq.learnedTitle")}
          </h2>
          <ul className="mt-3 space-y-2" data-testid="learned-faq">
            {loaderData.learned.map((entry) => (
              <li key={entry.slug}>
                <Link
                  to={`/faq/${entry.slug}`}
                  className="text-primary underline-offset-4 hover:underline"
                  dir="auto"
                >
                  {entry.question}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {loaderData.embeddedGuide ? (
        <div className="mt-8">
          <EmbeddedGuide />
        </div>
      ) : null}
    </article>
  );
}
