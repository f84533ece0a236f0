import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/chat-learning";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { Label } from "#app/components/ui/label";
import { Pagination } from "#app/components/ui/pagination";
import { Select } from "#app/components/ui/select";
import { Textarea } from "#app/components/ui/textarea";
import { useActionToast } from "#app/hooks/use-action-toast";
import { textKey } from "#app/i18n/i18n";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { actionError, actionOk, failureOf, readForm, validateForm } from "#app/lib/form";
import { pageNumber } from "#app/lib/page-number";
import { requireAdmin } from "#app/modules/auth/index.server";
import {
  faqCounts,
  faqList,
  mergeFaq,
  mergeTargets,
  rejectFaq,
  saveFaq,
  syncFaq,
} from "#app/modules/guide/index.server";
import {
  FAQ_LIMITS,
  FAQ_STATUSES,
  faqActionSchema,
  faqListSchema,
} from "#app/modules/guide/faq-validation";

export const handle = { texts: ["admin"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "admin.chatLearning.title", { noindex: true });

/** SPEC /admin/chat-learning: questions the guide was asked, most asked first (decision 062). */
export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin({ request, url });
  const { status } = faqListSchema.parse({ status: url.searchParams.get("status") ?? undefined });
  const [list, counts, targets] = await Promise.all([
    faqList(status, pageNumber(url.searchParams.get("page"))),
    faqCounts(),
    mergeTargets(),
  ]);
  return {
    status,
    counts,
    targets,
    rows: list.rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    })),
    page: list.page,
    pageCount: list.pageCount,
  };
}

/** save / approve (question and answer), reject, merge: each audited. */
export async function action({ request, url }: Route.ActionArgs) {
  const viewer = await requireAdmin({ request, url });
  const form = await readForm(request);
  const parsed = validateForm(form, faqActionSchema);
  if (!parsed.ok) {
    // The input goes back to the form it came from.
    parsed.failure.formError ??= Object.values(parsed.failure.fieldErrors)[0];
    return actionError(parsed.failure);
  }
  const input = parsed.data;
  if (input.intent === "sync") {
    // The job's own run, now: what visitors asked since it last read (same rules, idempotent).
    await syncFaq();
    return actionOk({ toast: { key: "admin.chatLearning.done.sync" } });
  }
  const result =
    input.intent === "reject"
      ? await rejectFaq(viewer.user.id, input.id)
      : input.intent === "merge"
        ? await mergeFaq(viewer.user.id, input.id, input.targetId)
        : await saveFaq(viewer.user.id, input.id, {
            question: input.question,
            answer: input.answer,
            approve: input.intent === "approve",
          });
  if (result === "notFound") return actionError({ formError: "errors.notFound" }, 404);
  if (result === "badTarget")
    return actionError({ formError: "admin.chatLearning.errors.badTarget", values: parsed.values });
  return actionOk({ toast: { key: `admin.chatLearning.done.${input.intent}` } });
}

export default function ChatLearning({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  useActionToast(actionData);
  const failure = failureOf(actionData);
  const { status, counts, rows, targets } = loaderData;
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <section aria-labelledby="chat-learning" className="space-y-6">
      <div>
        <h2 id="chat-learning" className="text-2xl font-semibold">
          {t("admin.chatLearning.title")}
        </h2>
        <p className="mt-1 text-muted-foreground">{t("admin.chatLearning.text")}</p>
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="sync" />
          <Button type="submit" variant="outline" size="sm">
            {t("admin.chatLearning.syncNow")}
          </Button>
        </Form>
      </div>
      <nav aria-label={t("admin.chatLearning.statuses")}>
        <ul className="flex flex-wrap gap-2 text-sm">
          {FAQ_STATUSES.map((s) => (
            <li key={s}>
              <Link
                to={s === "candidate" ? "?" : `?status=${s}`}
                className="inline-flex items-center gap-2 rounded-full border border-border px-3 py-1 hover:border-primary aria-[current=page]:border-primary aria-[current=page]:font-medium"
                aria-current={status === s ? "page" : undefined}
                data-testid={`faq-tab-${s}`}
              >
                {t(`admin.chatLearning.status.${s}`)}
                <span className="font-semibold">{number.format(counts[s])}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {rows.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">
          {t(`admin.chatLearning.empty.${status}`)}
        </p>
      ) : (
        <ul className="space-y-4" data-testid="faq-entries">
          {rows.map((row) => (
            <li key={row.id} className="rounded-xl border border-border bg-card p-4">
              <FaqEntryForm
                row={row}
                targets={targets.filter((target) => target.id !== row.id)}
                failure={failure?.values.id === row.id ? failure : undefined}
              />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={loaderData.page} pageCount={loaderData.pageCount} />
    </section>
  );
}

function FaqEntryForm({
  row,
  targets,
  failure,
}: {
  row: Route.ComponentProps["loaderData"]["rows"][number];
  targets: Array<{ id: string; question: string }>;
  failure?: { fieldErrors: Record<string, string>; values: Record<string, string> };
}) {
  const { t, i18n } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const errors = failure?.fieldErrors ?? {};
  const prefix = `faq-${row.id}`;
  const editable = row.status !== "merged";
  const asked = t("admin.chatLearning.asked", {
    count: row.asked,
    formatted: new Intl.NumberFormat(i18n.language).format(row.asked),
  });
  const fieldError = (name: string) =>
    errors[name] ? (
      <p id={`${prefix}-${name}-error`} className="text-sm text-destructive" role="alert">
        {t(textKey(errors[name]))}
      </p>
    ) : null;
  return (
    <div className="space-y-3">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
        <span className="rounded-full bg-muted px-2 py-0.5 font-medium text-foreground">
          {asked}
        </span>
        {row.slug && row.status === "approved" ? (
          <Link to={`/faq/${row.slug}`} className="text-primary hover:underline">
            {t("admin.chatLearning.view")}
          </Link>
        ) : null}
      </p>
      {editable ? (
        <Form method="post" className="space-y-3" noValidate>
          <input type="hidden" name="id" value={row.id} />
          <div className="space-y-1">
            <Label htmlFor={`${prefix}-question`}>{t("admin.chatLearning.question")}</Label>
            <Input
              id={`${prefix}-question`}
              name="question"
              required
              dir="auto"
              maxLength={FAQ_LIMITS.questionMax}
              defaultValue={failure?.values.question ?? row.question}
              aria-invalid={errors.question ? true : undefined}
              aria-describedby={errors.question ? `${prefix}-question-error` : undefined}
            />
            {fieldError("question")}
          </div>
          <div className="space-y-1">
            <Label htmlFor={`${prefix}-answer`}>{t("admin.chatLearning.answer")}</Label>
            <Textarea
              id={`${prefix}-answer`}
              name="answer"
              required
              dir="auto"
              rows={6}
              maxLength={FAQ_LIMITS.answerMax}
              defaultValue={failure?.values.answer ?? row.answer}
              aria-invalid={errors.answer ? true : undefined}
              aria-describedby={`${prefix}-answer-hint${errors.answer ? ` ${prefix}-answer-error` : ""}`}
            />
            <p id={`${prefix}-answer-hint`} className="text-xs text-muted-foreground">
              {t("admin.chatLearning.markdownHint")}
            </p>
            {fieldError("answer")}
          </div>
          <div className="flex flex-wrap gap-2">
            {row.status === "approved" ? (
              <Button type="submit" name="intent" value="save" disabled={busy}>
                {t("admin.chatLearning.saveApproved")}
              </Button>
            ) : (
              <>
                <Button type="submit" name="intent" value="approve" disabled={busy}>
                  {t("admin.chatLearning.approve")}
                </Button>
                <Button type="submit" name="intent" value="save" variant="outline" disabled={busy}>
                  {t("admin.chatLearning.save")}
                </Button>
              </>
            )}
            {row.status !== "rejected" ? (
              <Button
                type="submit"
                name="intent"
                value="reject"
                variant="destructive"
                disabled={busy}
                formNoValidate
              >
                {t("admin.chatLearning.reject")}
              </Button>
            ) : null}
          </div>
        </Form>
      ) : (
        <div className="space-y-1">
          <p className="font-medium" dir="auto">
            {row.question}
          </p>
          <p className="text-sm text-muted-foreground">
            {t("admin.chatLearning.mergedInto")}{" "}
            <bdi>{targets.find((target) => target.id === row.mergedIntoId)?.question ?? "—"}</bdi>
          </p>
        </div>
      )}
      {editable && targets.length > 0 ? (
        <Form method="post" className="flex flex-wrap items-end gap-2 border-t border-border pt-3">
          <input type="hidden" name="intent" value="merge" />
          <input type="hidden" name="id" value={row.id} />
          <div className="min-w-0 flex-1 space-y-1">
            <Label htmlFor={`${prefix}-target`}>{t("admin.chatLearning.mergeInto")}</Label>
            <Select
              id={`${prefix}-target`}
              name="targetId"
              defaultValue=""
              aria-invalid={errors.targetId ? true : undefined}
              aria-describedby={errors.targetId ? `${prefix}-targetId-error` : undefined}
            >
              <option value="">{t("admin.chatLearning.chooseTarget")}</option>
              {targets.map((target) => (
                <option key={target.id} value={target.id}>
                  {target.question.length > 90
                    ? `${target.question.slice(0, 90)}…`
                    : target.question}
                </option>
              ))}
            </Select>
            {fieldError("targetId")}
          </div>
          <Button type="submit" variant="outline" disabled={busy}>
            {t("admin.chatLearning.merge")}
          </Button>
        </Form>
      ) : null}
    </div>
  );
}
