import { Award, BookOpen, CheckCircle2, GraduationCap, ListChecks } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/landing";
import { Button } from "#app/components/ui/button";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { getViewer, actorOf } from "#app/modules/auth/index.server";
import { academyLanding } from "#app/modules/academy/index.server";
import { COURSE_LEVELS } from "#app/modules/academy";
import { experimentVariants } from "#app/modules/experiments/index.server";
import { EXPERIMENTS, trackExperimentClick } from "#app/modules/experiments";
import { BenefitList } from "#app/modules/memberships/components/benefit-list";
import { CourseGrid } from "#app/modules/academy/components/course-card";
import { ContinueLearning } from "#app/modules/academy/components/continue-learning";
import { levelKey } from "#app/modules/academy/components/texts";

export const handle = { texts: ["academy"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) => pageMeta(args, "academy.title");

/** SPEC §2 "Academy landing", open to all, from the catalogue (a constant number of queries). */
/** SPEC §9's two academy tests; like the landing page's, they are shown to guests. */
const ACADEMY_TESTS = [EXPERIMENTS.academyValueProposition, EXPERIMENTS.academyCtaFocus];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  // Drawn on the server, so the page is rendered with its variants (no flicker).
  const [landing, experiments] = await Promise.all([
    academyLanding(actorOf(viewer)),
    viewer ? null : experimentVariants({ request, context }, ACADEMY_TESTS),
  ]);
  return { ...landing, experiments };
}

const REASONS = [
  { icon: ListChecks, key: "academy.why.order" },
  { icon: CheckCircle2, key: "academy.why.quizzes" },
  { icon: Award, key: "academy.why.certificates" },
  { icon: BookOpen, key: "academy.why.pace" },
] as const;

export default function AcademyLanding({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { latest, featured, categories, levelCounts, learning, experiments } = loaderData;
  // B of "academy value proposition": what a member gets, point by point, under the subtitle.
  const detailed = experiments?.[EXPERIMENTS.academyValueProposition] === "B";
  // B of "academy CTA focus": the membership is the main button, the courses the second.
  const membershipFirst = experiments?.[EXPERIMENTS.academyCtaFocus] === "B";
  const ctaClicked = () => {
    if (experiments) trackExperimentClick(EXPERIMENTS.academyCtaFocus);
  };
  const browse = (
    <Button asChild variant={membershipFirst ? "outline" : "default"}>
      <a href="#latest-courses" onClick={membershipFirst ? undefined : ctaClicked}>
        {t("academy.browse")}
      </a>
    </Button>
  );
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <section className="rounded-2xl border border-border bg-card px-6 py-10 text-center sm:px-10">
        <GraduationCap className="mx-auto size-12 text-primary" aria-hidden="true" />
        <h1 className="mt-4 text-3xl font-semibold sm:text-4xl">{t("academy.title")}</h1>
        <p className="mx-auto mt-3 max-w-2xl text-muted-foreground">{t("academy.subtitle")}</p>
        {detailed ? (
          <div className="mx-auto mt-6 max-w-md text-start" data-testid="academy-value-detailed">
            <h2 className="font-semibold">{t("premium.benefitsTitle")}</h2>
            <BenefitList plan="full" className="mt-3" />
          </div>
        ) : null}
        <div className="mt-6 flex flex-wrap justify-center gap-3" data-testid="academy-cta">
          {membershipFirst ? (
            <>
              <Button asChild>
                <Link to="/subscription" onClick={ctaClicked}>
                  {t("subscription.becomeMember")}
                </Link>
              </Button>
              {browse}
            </>
          ) : (
            browse
          )}
        </div>
      </section>

      {learning.length > 0 ? <ContinueLearning courses={learning} className="mt-10" /> : null}

      <section className="mt-10" aria-labelledby="levels-title">
        <h2 id="levels-title" className="text-2xl font-semibold">
          {t("academy.levelsTitle")}
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-3">
          {COURSE_LEVELS.map((level) => (
            <li key={level} className="rounded-xl border border-border bg-card p-5">
              <h3 className="text-lg font-semibold">{t(levelKey(level))}</h3>
              <p className="mt-1 text-sm text-muted-foreground">
                {t(`academy.levelText.${level}`)}
              </p>
              <p className="mt-3 text-sm font-medium">
                {t("academy.courseCount", { count: levelCounts[level] })}
              </p>
            </li>
          ))}
        </ul>
      </section>

      <section className="mt-10" aria-labelledby="why-title">
        <h2 id="why-title" className="text-2xl font-semibold">
          {t("academy.why.title")}
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {REASONS.map(({ icon: Icon, key }) => (
            <li key={key} className="flex gap-3 rounded-xl border border-border bg-card p-4">
              <Icon className="size-5 shrink-0 text-primary" aria-hidden="true" />
              <p className="text-sm">{t(key)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="mt-10 scroll-mt-20" id="latest-courses" aria-labelledby="latest-title">
        <h2 id="latest-title" className="text-2xl font-semibold">
          {t("academy.latest")}
        </h2>
        <CourseGrid courses={latest} label={t("academy.latest")} empty={t("academy.empty")} />
      </section>

      <section className="mt-10" aria-labelledby="categories-title">
        <h2 id="categories-title" className="text-2xl font-semibold">
          {t("academy.categories")}
        </h2>
        {categories.length === 0 ? (
          <p className="mt-4 text-muted-foreground">{t("academy.noCategories")}</p>
        ) : (
          <ul className="mt-4 flex flex-wrap gap-3">
            {categories.map((category) => (
              <li key={category.slug}>
                <Link
                  to={`/academy/category/${encodeURIComponent(category.slug)}`}
                  className="inline-flex items-center gap-2 rounded-full border border-border bg-card px-4 py-2 text-sm hover:bg-accent"
                >
                  {category.title}
                  <span className="text-muted-foreground">
                    {t("academy.courseCount", { count: category.courses })}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="mt-10" aria-labelledby="featured-title">
        <h2 id="featured-title" className="text-2xl font-semibold">
          {t("academy.featured")}
        </h2>
        <CourseGrid
          courses={featured}
          label={t("academy.featured")}
          empty={t("academy.noFeatured")}
        />
      </section>
    </div>
  );
}
