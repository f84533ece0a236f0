import { ArrowDown, ArrowUp } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { FormField } from "#app/components/form-field";
import { Button } from "#app/components/ui/button";
import { IntentButton } from "#app/components/ui/intent-button";
import { Select } from "#app/components/ui/select";
import type { ActionFailure } from "#app/lib/form";
import { useTranslation } from "#app/i18n/react";
import { OUTLINE_LIMITS } from "../admin-validation";

export interface OutlineLesson {
  id: string;
  slug: string;
  title: string;
  estimatedMinutes: number;
  requiresPrevious: boolean;
  quizQuestions: number | null;
}

export interface OutlineModule {
  id: string;
  title: string;
  lessons: OutlineLesson[];
}

/**
 * A course's outline as admins edit it (`/admin/academy/courses/:id/outline`): modules and
 * their lessons, each moved up/down, renamed, moved to another module or deleted by plain form
 * posts that work without JavaScript and by keyboard. Deleting a module that holds lessons
 * first shows a confirmation naming how many lessons go with it (`?deleteModule=<id>`).
 */
export function OutlineEditor({
  courseId,
  modules,
  confirmDelete,
  failure,
}: {
  courseId: string;
  modules: OutlineModule[];
  /** The module whose deletion the admin asked to confirm, if any. */
  confirmDelete: string | null;
  failure: ActionFailure | undefined;
}) {
  const { t } = useTranslation();
  const outlinePath = `/admin/academy/courses/${courseId}/outline`;
  const failedFor = (intent: string, field: "moduleId" | "lessonId" | null, id = "") =>
    failure &&
    failure.values.intent === intent &&
    (field === null || (failure.values[field] ?? "") === id)
      ? failure
      : undefined;
  const lessonTotal = modules.reduce((sum, module) => sum + module.lessons.length, 0);
  return (
    <div className="mt-6 space-y-6">
      {modules.length === 0 ? (
        <p className="text-muted-foreground">{t("academy.outline.noModules")}</p>
      ) : (
        <ol className="space-y-6">
          {modules.map((module, moduleIndex) => {
            const number = moduleIndex + 1;
            const renameFailed = failedFor("module-rename", "moduleId", module.id);
            const addFailed = failedFor("lesson-create", "moduleId", module.id);
            return (
              <li key={module.id} className="rounded-xl border border-border bg-card">
                <div className="flex flex-wrap items-center gap-2 border-b border-border px-4 py-3">
                  <h3 id={`module-${module.id}-title`} className="min-w-0 flex-1 font-semibold">
                    {t("academy.course.module", { number, title: module.title })}
                  </h3>
                  <span className="flex flex-wrap gap-2">
                    <IntentButton
                      intent="module-move"
                      fields={{ moduleId: module.id, direction: "up" }}
                      label={t("academy.outline.moveModuleUp", { title: module.title })}
                      variant="ghost"
                    >
                      <ArrowUp aria-hidden="true" />
                    </IntentButton>
                    <IntentButton
                      intent="module-move"
                      fields={{ moduleId: module.id, direction: "down" }}
                      label={t("academy.outline.moveModuleDown", { title: module.title })}
                      variant="ghost"
                    >
                      <ArrowDown aria-hidden="true" />
                    </IntentButton>
                    {module.lessons.length === 0 ? (
                      <IntentButton
                        intent="module-delete"
                        fields={{ moduleId: module.id, lessonCount: "0" }}
                        variant="destructive"
                        label={t("academy.outline.deleteModuleOf", { title: module.title })}
                        confirm={t("academy.outline.deleteEmptyModuleConfirm")}
                      >
                        {t("academy.outline.delete")}
                      </IntentButton>
                    ) : (
                      <Button asChild size="sm" variant="destructive">
                        <Link
                          to={`${outlinePath}?deleteModule=${module.id}`}
                          aria-label={t("academy.outline.deleteModuleOf", { title: module.title })}
                        >
                          {t("academy.outline.delete")}
                        </Link>
                      </Button>
                    )}
                  </span>
                </div>
                {confirmDelete === module.id && module.lessons.length > 0 ? (
                  <div
                    role="alert"
                    className="m-4 rounded-lg border border-destructive/50 bg-destructive/5 p-4 text-sm"
                  >
                    <p className="font-medium">
                      {t("academy.outline.deleteModuleConfirm", {
                        title: module.title,
                        lessons: module.lessons.length,
                      })}
                    </p>
                    <div className="mt-3 flex flex-wrap gap-2">
                      <IntentButton
                        intent="module-delete"
                        fields={{ moduleId: module.id, lessonCount: String(module.lessons.length) }}
                        variant="destructive"
                      >
                        {t("academy.outline.deleteModuleAndLessons", {
                          lessons: module.lessons.length,
                        })}
                      </IntentButton>
                      <Button asChild size="sm" variant="outline">
                        <Link to={outlinePath}>{t("common.cancel")}</Link>
                      </Button>
                    </div>
                  </div>
                ) : null}
                <div className="px-4 py-3">
                  <details open={Boolean(renameFailed)}>
                    <summary className="cursor-pointer text-sm text-primary">
                      {t("academy.outline.renameOf", { title: module.title })}
                    </summary>
                    <TitleForm
                      intent="module-rename"
                      hidden={{ moduleId: module.id }}
                      id={`module-${module.id}-rename`}
                      label={t("academy.outline.moduleTitle")}
                      maxLength={OUTLINE_LIMITS.moduleTitleMax}
                      value={renameFailed?.values.title ?? module.title}
                      error={renameFailed?.fieldErrors.title}
                      submitLabel={t("common.save")}
                    />
                  </details>
                </div>
                {module.lessons.length === 0 ? (
                  <p className="px-4 pb-3 text-sm text-muted-foreground">
                    {t("academy.outline.noLessons")}
                  </p>
                ) : (
                  <ol className="divide-y divide-border border-t border-border">
                    {module.lessons.map((lesson) => (
                      <LessonRow
                        key={lesson.id}
                        courseId={courseId}
                        lesson={lesson}
                        moduleId={module.id}
                        modules={modules}
                      />
                    ))}
                  </ol>
                )}
                <div className="border-t border-dashed border-border px-4 py-3">
                  {lessonTotal < OUTLINE_LIMITS.lessonsMax ? (
                    <TitleForm
                      key={module.lessons.length}
                      intent="lesson-create"
                      hidden={{ moduleId: module.id }}
                      id={`module-${module.id}-new-lesson`}
                      label={t("academy.outline.newLessonIn", { number })}
                      maxLength={OUTLINE_LIMITS.lessonTitleMax}
                      value={addFailed?.values.title ?? ""}
                      error={addFailed?.fieldErrors.title}
                      submitLabel={t("academy.outline.addLesson")}
                    />
                  ) : (
                    <p className="text-sm text-muted-foreground">
                      {t("academy.refusals.lessonsFull")}
                    </p>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <section
        aria-labelledby="outline-new-module-title"
        className="rounded-xl border border-dashed border-border p-4"
      >
        <h3 id="outline-new-module-title" className="text-lg font-semibold">
          {t("academy.outline.addModule")}
        </h3>
        {modules.length < OUTLINE_LIMITS.modulesMax ? (
          <TitleForm
            key={modules.length}
            intent="module-create"
            id="outline-new-module"
            label={t("academy.outline.moduleTitle")}
            maxLength={OUTLINE_LIMITS.moduleTitleMax}
            value={failedFor("module-create", null)?.values.title ?? ""}
            error={failedFor("module-create", null)?.fieldErrors.title}
            submitLabel={t("academy.outline.addModule")}
          />
        ) : (
          <p className="mt-2 text-sm text-muted-foreground">{t("academy.refusals.modulesFull")}</p>
        )}
      </section>
    </div>
  );
}

function LessonRow({
  courseId,
  lesson,
  moduleId,
  modules,
}: {
  courseId: string;
  lesson: OutlineLesson;
  moduleId: string;
  modules: OutlineModule[];
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const editPath = `/admin/academy/courses/${courseId}/lessons/${lesson.id}`;
  const others = modules.filter((module) => module.id !== moduleId);
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
      <span className="min-w-0 flex-1 basis-48">
        <Link to={editPath} className="block font-medium hover:underline" dir="auto">
          {lesson.title}
        </Link>
        <span className="block text-xs text-muted-foreground">
          {t("academy.minutes", { count: lesson.estimatedMinutes })} ·{" "}
          {lesson.quizQuestions === null
            ? t("academy.quizEditor.noQuiz")
            : t("academy.quizEditor.questionCount", { count: lesson.quizQuestions })}
          {lesson.requiresPrevious ? ` · ${t("academy.outline.requiresPreviousShort")}` : ""}
        </span>
      </span>
      <span className="flex flex-wrap items-center gap-2">
        <IntentButton
          intent="lesson-move"
          fields={{ lessonId: lesson.id, direction: "up" }}
          label={t("academy.outline.moveLessonUp", { title: lesson.title })}
          variant="ghost"
        >
          <ArrowUp aria-hidden="true" />
        </IntentButton>
        <IntentButton
          intent="lesson-move"
          fields={{ lessonId: lesson.id, direction: "down" }}
          label={t("academy.outline.moveLessonDown", { title: lesson.title })}
          variant="ghost"
        >
          <ArrowDown aria-hidden="true" />
        </IntentButton>
        {others.length > 0 ? (
          <Form method="post" className="flex items-center gap-1">
            <input type="hidden" name="intent" value="lesson-module" />
            <input type="hidden" name="lessonId" value={lesson.id} />
            <Select
              name="moduleId"
              aria-label={t("academy.outline.moveToModuleOf", { title: lesson.title })}
              className="w-48 max-w-full"
              defaultValue={others[0]!.id}
            >
              {others.map((module) => (
                <option key={module.id} value={module.id}>
                  {t("academy.course.module", {
                    number: modules.indexOf(module) + 1,
                    title: module.title,
                  })}
                </option>
              ))}
            </Select>
            <Button type="submit" size="sm" variant="outline" disabled={busy}>
              {t("academy.outline.moveToModule")}
            </Button>
          </Form>
        ) : null}
        <Link
          to={editPath}
          className="text-sm text-primary hover:underline"
          aria-label={t("academy.outline.editLessonOf", { title: lesson.title })}
        >
          {t("academy.admin.edit")}
        </Link>
        <IntentButton
          intent="lesson-delete"
          fields={{ lessonId: lesson.id }}
          variant="destructive"
          label={t("academy.outline.deleteLessonOf", { title: lesson.title })}
          confirm={t("academy.outline.deleteLessonConfirm", { title: lesson.title })}
        >
          {t("academy.outline.delete")}
        </IntentButton>
      </span>
    </li>
  );
}

/** A one-field form: a title and its submit button (module names, new lessons and modules). */
function TitleForm({
  intent,
  hidden = {},
  id,
  label,
  maxLength,
  value,
  error,
  submitLabel,
}: {
  intent: string;
  hidden?: Record<string, string>;
  id: string;
  label: string;
  maxLength: number;
  value: string;
  error: string | undefined;
  submitLabel: string;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="mt-2 flex flex-wrap items-end gap-2" noValidate>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([name, fieldValue]) => (
        <input key={name} type="hidden" name={name} value={fieldValue} />
      ))}
      <div className="min-w-0 flex-1 basis-60">
        <FormField
          id={id}
          label={label}
          name="title"
          defaultValue={value}
          error={error}
          maxLength={maxLength}
          dir="auto"
          required
        />
      </div>
      <Button type="submit" size="sm" disabled={busy}>
        {submitLabel}
      </Button>
    </Form>
  );
}
