import { Form } from "react-router";
import type { Route } from "./+types/ab-tests";
import { useTranslation } from "#app/i18n/react";
import { textKey } from "#app/i18n/i18n";
import { pageMeta } from "#app/i18n/meta";
import { useActionToast } from "#app/hooks/use-action-toast";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { FormField } from "#app/components/form-field";
import { actionError, actionOk, parseForm } from "#app/lib/form";
import { numberFormat } from "#app/lib/intl";
import { requireAdmin } from "#app/modules/auth/index.server";
import {
  experimentResults,
  stopExperiment,
  updateExperiment,
} from "#app/modules/experiments/index.server";
import {
  CONTROL,
  confidenceInterval,
  minimumSample,
  winnerOf,
  zTest,
} from "#app/modules/experiments";
import { experimentActionSchema } from "#app/modules/experiments/validation";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "admin.abTests.title", { noindex: true });

/** SPEC §2 A/B test dashboard: per test and variant, the counts and the statistics. */
export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin({ request, url });
  const tests = await experimentResults();
  return {
    tests: tests.map((test) => {
      const counts = (key: string) =>
        test.counts[key] ?? { view: 0, click: 0, conversion: 0, purchase: 0 };
      const control = counts(CONTROL);
      const variants = test.variants.map((v) => {
        const c = counts(v.key);
        const rate = c.view > 0 ? c.conversion / c.view : 0;
        const versus =
          v.key === CONTROL
            ? null
            : zTest(
                { conversions: control.conversion, impressions: control.view },
                { conversions: c.conversion, impressions: c.view },
              );
        const controlRate = control.view > 0 ? control.conversion / control.view : 0;
        const needed =
          v.key === CONTROL || c.view === 0 || control.view === 0
            ? null
            : minimumSample(controlRate, rate);
        return {
          ...v,
          impressions: c.view,
          clicks: c.click,
          conversions: c.conversion,
          purchases: c.purchase,
          rate,
          interval: confidenceInterval(c.conversion, c.view),
          p: versus?.p ?? null,
          // Fewer impressions than the difference seen needs for 80 % power: a warning.
          needed: needed !== null && (c.view < needed || control.view < needed) ? needed : null,
        };
      });
      return {
        id: test.id,
        name: test.name,
        description: test.description,
        status: test.status,
        winner: test.winner,
        startDate: test.startDate.toISOString().slice(0, 10),
        leader: winnerOf(
          variants.map((v) => ({
            key: v.key,
            impressions: v.impressions,
            conversions: v.conversions,
          })),
        ),
        variants,
      };
    }),
  };
}

export async function action({ request, url }: Route.ActionArgs) {
  const viewer = await requireAdmin({ request, url });
  const parsed = await parseForm(request, experimentActionSchema);
  if (!parsed.ok) return parsed.response;
  const input = parsed.data;
  const result =
    input.intent === "edit"
      ? await updateExperiment(viewer.user.id, input)
      : await stopExperiment(
          viewer.user.id,
          input.testId,
          input.intent === "ship" ? input.variant : null,
        );
  if (result === "missing") return actionError({ formError: "admin.abTests.gone" }, 404);
  if (result === "variants") return actionError({ formError: "errors.badRequest" }, 400);
  return actionOk({
    toast: {
      key:
        input.intent === "edit"
          ? "admin.abTests.saved"
          : input.intent === "ship"
            ? "admin.abTests.shippedToast"
            : "admin.abTests.stopped",
    },
  });
}

const percent = (value: number, locale: string) =>
  new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 }).format(value);

export default function AdminAbTests({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  useActionToast(actionData);
  const number = numberFormat(i18n.language);
  const errors = actionData && !actionData.ok ? actionData.fieldErrors : {};
  return (
    <div>
      <h2 className="text-2xl font-semibold">{t("admin.abTests.title")}</h2>
      <p className="mt-1 text-muted-foreground">{t("admin.abTests.text")}</p>
      {loaderData.tests.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">
          {t("admin.abTests.empty")}
        </p>
      ) : (
        <ul className="mt-6 space-y-6">
          {loaderData.tests.map((test) => (
            <li
              key={test.id}
              className="rounded-xl border border-border bg-card p-4"
              data-testid={`ab-test-${test.id}`}
            >
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="text-lg font-semibold" dir="auto">
                  {test.name}
                </h3>
                <Badge variant={test.status === "active" ? "default" : "outline"}>
                  {t(`admin.abTests.status.${test.status}`)}
                </Badge>
                <span className="text-xs text-muted-foreground">
                  {t("admin.abTests.since", { date: test.startDate })}
                </span>
              </div>
              <p className="mt-1 text-sm text-muted-foreground" dir="auto">
                {test.description}
              </p>
              <p className="mt-2 text-sm font-medium" data-testid="ab-test-verdict">
                {test.winner
                  ? t("admin.abTests.shipped", { variant: test.winner })
                  : test.leader
                    ? t("admin.abTests.winner", { variant: test.leader })
                    : t("admin.abTests.noWinner")}
              </p>
              <div className="mt-3 overflow-x-auto">
                <table className="w-full min-w-[40rem] text-sm">
                  <caption className="sr-only">{test.name}</caption>
                  <thead>
                    <tr className="border-b border-border text-start text-muted-foreground">
                      {[
                        "variant",
                        "weight",
                        "impressions",
                        "clicks",
                        "conversions",
                        "purchases",
                        "rate",
                        "interval",
                        "pValue",
                      ].map((column) => (
                        <th key={column} scope="col" className="px-2 py-1 text-start font-medium">
                          {t(textKey(`admin.abTests.${column}`))}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {test.variants.map((v) => (
                      <tr
                        key={v.key}
                        className="border-b border-border/60 align-top"
                        data-testid={`ab-variant-${v.key}`}
                      >
                        <th scope="row" className="px-2 py-1 text-start font-medium">
                          <span>{v.key}</span> <bdi className="font-normal">{v.name}</bdi>
                          {v.key === CONTROL ? (
                            <span className="text-xs text-muted-foreground">
                              {" "}
                              ({t("admin.abTests.control")})
                            </span>
                          ) : null}
                          {v.needed !== null ? (
                            <p className="mt-1 text-xs font-normal text-amber-700 dark:text-amber-400">
                              {t("admin.abTests.smallSample", {
                                needed: number.format(v.needed),
                              })}
                            </p>
                          ) : null}
                        </th>
                        <td className="px-2 py-1">{percent(v.weight / 100, i18n.language)}</td>
                        <td className="px-2 py-1" data-testid="impressions">
                          {number.format(v.impressions)}
                        </td>
                        <td className="px-2 py-1">{number.format(v.clicks)}</td>
                        <td className="px-2 py-1" data-testid="conversions">
                          {number.format(v.conversions)}
                        </td>
                        <td className="px-2 py-1">{number.format(v.purchases)}</td>
                        <td className="px-2 py-1">{percent(v.rate, i18n.language)}</td>
                        <td className="px-2 py-1 whitespace-nowrap">
                          <bdi>
                            {percent(v.interval[0], i18n.language)} –{" "}
                            {percent(v.interval[1], i18n.language)}
                          </bdi>
                        </td>
                        <td className="px-2 py-1">
                          {v.p === null ? "—" : v.p < 0.001 ? "< 0.001" : v.p.toFixed(3)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {test.status !== "completed" ? (
                <div className="mt-3 flex flex-wrap gap-2">
                  <Form method="post">
                    <input type="hidden" name="testId" value={test.id} />
                    <Button type="submit" name="intent" value="stop" size="sm" variant="outline">
                      {t("admin.abTests.stop")}
                    </Button>
                  </Form>
                  {test.variants.map((v) => (
                    <Form method="post" key={v.key}>
                      <input type="hidden" name="testId" value={test.id} />
                      <input type="hidden" name="variant" value={v.key} />
                      <Button
                        type="submit"
                        name="intent"
                        value="ship"
                        size="sm"
                        variant={v.key === test.leader ? "default" : "outline"}
                      >
                        {t("admin.abTests.ship", { variant: v.key })}
                      </Button>
                    </Form>
                  ))}
                </div>
              ) : null}
              <details className="mt-3">
                <summary className="cursor-pointer text-sm font-medium text-primary">
                  {t("admin.abTests.edit")}
                </summary>
                <Form method="post" className="mt-3 space-y-3" noValidate>
                  <input type="hidden" name="intent" value="edit" />
                  <input type="hidden" name="testId" value={test.id} />
                  <FormField
                    id={`${test.id}-name`}
                    label={t("admin.abTests.name")}
                    name="name"
                    defaultValue={test.name}
                    maxLength={120}
                    error={errors.name}
                    dir="auto"
                  />
                  <FormField
                    id={`${test.id}-description`}
                    label={t("admin.abTests.description")}
                    name="description"
                    defaultValue={test.description}
                    maxLength={1000}
                    error={errors.description}
                    dir="auto"
                  />
                  <div className="grid gap-3 sm:grid-cols-2">
                    <FormField
                      id={`${test.id}-start`}
                      label={t("admin.abTests.startDate")}
                      name="startDate"
                      type="date"
                      defaultValue={test.startDate}
                      error={errors.startDate}
                    />
                    <div className="space-y-1.5">
                      <label htmlFor={`${test.id}-status`} className="text-sm font-medium">
                        {t("admin.abTests.statusLabel")}
                      </label>
                      <select
                        id={`${test.id}-status`}
                        name="status"
                        defaultValue={test.status}
                        className="block h-10 w-full rounded-md border border-input bg-background px-3 text-sm"
                      >
                        {(["active", "paused", "completed"] as const).map((s) => (
                          <option key={s} value={s}>
                            {t(`admin.abTests.status.${s}`)}
                          </option>
                        ))}
                      </select>
                    </div>
                  </div>
                  <fieldset className="space-y-2">
                    <legend className="text-sm font-medium">{t("admin.abTests.variants")}</legend>
                    {test.variants.map((v) => (
                      <div key={v.key} className="grid gap-2 sm:grid-cols-[2fr_3fr_1fr]">
                        <FormField
                          id={`${test.id}-name${v.key}`}
                          label={`${v.key} · ${t("admin.abTests.name")}`}
                          name={`name${v.key}`}
                          defaultValue={v.name}
                          maxLength={80}
                          dir="auto"
                        />
                        <FormField
                          id={`${test.id}-description${v.key}`}
                          label={`${v.key} · ${t("admin.abTests.description")}`}
                          name={`description${v.key}`}
                          defaultValue={v.description}
                          maxLength={300}
                          dir="auto"
                        />
                        <FormField
                          id={`${test.id}-weight${v.key}`}
                          label={`${v.key} · ${t("admin.abTests.weight")}`}
                          name={`weight${v.key}`}
                          type="number"
                          min={0}
                          max={100}
                          defaultValue={v.weight}
                        />
                      </div>
                    ))}
                    {errors.weights ? (
                      <p className="text-sm text-destructive" role="alert">
                        {t(textKey(errors.weights))}
                      </p>
                    ) : null}
                  </fieldset>
                  <Button type="submit" size="sm">
                    {t("admin.abTests.save")}
                  </Button>
                </Form>
              </details>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
