import { ArrowDown, ArrowUp, X } from "lucide-react";
import { useId } from "react";
import { Form, useNavigation } from "react-router";
import { FormField } from "#app/components/form-field";
import { Button } from "#app/components/ui/button";
import { FieldError } from "#app/components/ui/field-error";
import { IntentButton } from "#app/components/ui/intent-button";
import { Label } from "#app/components/ui/label";
import { Select } from "#app/components/ui/select";
import { Textarea } from "#app/components/ui/textarea";
import { textKey } from "#app/i18n/i18n";
import { useTranslation } from "#app/i18n/react";
import type { ActionFailure } from "#app/lib/form";
import type { QuestionKind } from "../policy";
import { QUESTION_KINDS, QUIZ_LIMITS, optionField } from "../quiz-validation";

export interface EditorOption {
  id: string;
  label: string;
  isCorrect: boolean;
}

export interface EditorQuestion {
  id: string;
  prompt: string;
  kind: QuestionKind;
  explanation: string;
  options: EditorOption[];
}

export interface EditorQuiz {
  passPercent: number;
  attempts: number;
  questions: EditorQuestion[];
}

/** Blank rows a new question starts with, and rows added under an existing question's options. */
const NEW_QUESTION_ROWS = 4;
const SPARE_ROWS = 2;

/**
 * The quiz editor of one lesson (docs/decisions/051-quiz-editing.md): plain forms that work
 * without JavaScript. A question is saved with all its options at once, so the server checks the
 * whole question on every write; an option row's move and remove buttons post that same form.
 */
export function QuizEditor({
  quiz,
  failure,
}: {
  quiz: EditorQuiz | null;
  failure: ActionFailure | undefined;
}) {
  const { t } = useTranslation();
  const failed = (intent: string, questionId = "") =>
    failure && failure.values.intent === intent && (failure.values.questionId ?? "") === questionId
      ? failure
      : undefined;
  if (!quiz)
    return (
      <div className="mt-6 max-w-xl rounded-xl border border-dashed border-border p-6">
        <p className="text-muted-foreground">{t("academy.quizEditor.none")}</p>
        <PassForm intent="quiz-create" passPercent={70} failure={failed("quiz-create")} />
      </div>
    );
  return (
    <div className="mt-6 space-y-8">
      <div className="max-w-xl space-y-3 rounded-xl border border-border bg-card p-4">
        <PassForm
          intent="quiz-update"
          passPercent={quiz.passPercent}
          failure={failed("quiz-update")}
        />
        {quiz.attempts > 0 ? (
          <p className="text-sm text-muted-foreground">
            {t("academy.quizEditor.attempts", { count: quiz.attempts })}
          </p>
        ) : (
          <IntentButton
            intent="quiz-delete"
            variant="destructive"
            confirm={t("academy.quizEditor.deleteConfirm")}
          >
            {t("academy.quizEditor.delete")}
          </IntentButton>
        )}
        {quiz.questions.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {t("academy.quizEditor.hiddenUntilQuestions")}
          </p>
        ) : null}
      </div>

      <section aria-labelledby="quiz-questions-title">
        <h3 id="quiz-questions-title" className="text-xl font-semibold">
          {t("academy.quizEditor.questions")}
        </h3>
        {quiz.questions.length === 0 ? (
          <p className="mt-2 text-muted-foreground">{t("academy.quizEditor.noQuestions")}</p>
        ) : (
          <ol className="mt-4 space-y-6">
            {quiz.questions.map((question, index) => (
              <li
                key={`${question.id}:${JSON.stringify(question)}`}
                className="rounded-xl border border-border bg-card p-4"
              >
                <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
                  <h4 className="font-semibold">
                    {t("academy.quizEditor.questionNumber", { number: index + 1 })}
                  </h4>
                  <div className="flex flex-wrap gap-2">
                    <IntentButton
                      intent="question-move"
                      fields={{ questionId: question.id, direction: "up" }}
                      label={t("academy.quizEditor.moveQuestionUp", { number: index + 1 })}
                      variant="ghost"
                    >
                      <ArrowUp aria-hidden="true" />
                    </IntentButton>
                    <IntentButton
                      intent="question-move"
                      fields={{ questionId: question.id, direction: "down" }}
                      label={t("academy.quizEditor.moveQuestionDown", { number: index + 1 })}
                      variant="ghost"
                    >
                      <ArrowDown aria-hidden="true" />
                    </IntentButton>
                    <IntentButton
                      intent="question-delete"
                      fields={{ questionId: question.id }}
                      variant="destructive"
                      label={t("academy.quizEditor.deleteQuestionOf", { number: index + 1 })}
                      confirm={t("academy.quizEditor.deleteQuestionConfirm")}
                    >
                      {t("academy.quizEditor.deleteQuestion")}
                    </IntentButton>
                  </div>
                </div>
                <QuestionForm question={question} failure={failed("question-save", question.id)} />
              </li>
            ))}
          </ol>
        )}
      </section>

      {quiz.questions.length < QUIZ_LIMITS.questionsMax ? (
        <section
          aria-labelledby="quiz-new-question-title"
          className="rounded-xl border border-dashed border-border p-4"
        >
          <h3 id="quiz-new-question-title" className="mb-3 text-xl font-semibold">
            {t("academy.quizEditor.addQuestion")}
          </h3>
          <QuestionForm
            key={quiz.questions.length}
            question={null}
            failure={failed("question-save")}
          />
        </section>
      ) : (
        <p className="text-sm text-muted-foreground">
          {t("academy.quizEditor.questionsFull", { count: QUIZ_LIMITS.questionsMax })}
        </p>
      )}
    </div>
  );
}

function PassForm({
  intent,
  passPercent,
  failure,
}: {
  intent: "quiz-create" | "quiz-update";
  passPercent: number;
  failure: ActionFailure | undefined;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="mt-3 flex flex-wrap items-end gap-3" noValidate>
      <input type="hidden" name="intent" value={intent} />
      <div className="w-40">
        <FormField
          label={t("academy.quizEditor.passPercent")}
          name="passPercent"
          type="number"
          inputMode="numeric"
          min={QUIZ_LIMITS.passMin}
          max={QUIZ_LIMITS.passMax}
          defaultValue={failure?.values.passPercent ?? String(passPercent)}
          error={failure?.fieldErrors.passPercent}
          required
        />
      </div>
      <Button type="submit" disabled={busy}>
        {intent === "quiz-create"
          ? t("academy.quizEditor.create")
          : t("academy.quizEditor.savePass")}
      </Button>
    </Form>
  );
}

interface Row {
  id: string;
  label: string;
  isCorrect: boolean;
}

/** The option rows to show: what was posted (after a refusal), else the stored options. */
function rowsOf(
  question: EditorQuestion | null,
  values: Record<string, string> | undefined,
): Row[] {
  if (values) {
    const rows: Row[] = [];
    for (let row = 0; row < QUIZ_LIMITS.optionsMax + SPARE_ROWS; row++) {
      const label = values[optionField(row, "label")];
      if (label === undefined) continue;
      rows.push({
        id: values[optionField(row, "id")] ?? "",
        label,
        isCorrect: values[optionField(row, "correct")] === "on",
      });
    }
    return rows;
  }
  const stored = question?.options ?? [];
  const blanks = Math.min(
    QUIZ_LIMITS.optionsMax - stored.length,
    question ? SPARE_ROWS : NEW_QUESTION_ROWS,
  );
  return [
    ...stored,
    ...Array.from({ length: Math.max(blanks, 0) }, () => ({ id: "", label: "", isCorrect: false })),
  ];
}

function QuestionForm({
  question,
  failure,
}: {
  question: EditorQuestion | null;
  failure: ActionFailure | undefined;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const id = useId();
  const values = failure?.values;
  const rows = rowsOf(question, values);
  const optionsError = failure?.fieldErrors.options;
  return (
    <Form method="post" className="space-y-4" noValidate>
      <input type="hidden" name="intent" value="question-save" />
      <input type="hidden" name="questionId" value={question?.id ?? ""} />
      {/* Enter in a field saves: the first submit button of a form is the one Enter presses, and
          without this it would be the first option's "move" button. */}
      <button type="submit" hidden tabIndex={-1} />
      <FormField
        label={t("academy.quizEditor.prompt")}
        name="prompt"
        error={failure?.fieldErrors.prompt}
      >
        {({ id: fieldId, describedBy, invalid }) => (
          <Textarea
            id={fieldId}
            name="prompt"
            rows={2}
            dir="auto"
            maxLength={QUIZ_LIMITS.promptMax}
            defaultValue={values?.prompt ?? question?.prompt ?? ""}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
          />
        )}
      </FormField>
      <div className="max-w-md">
        <FormField
          label={t("academy.quizEditor.kind")}
          name="kind"
          error={failure?.fieldErrors.kind}
        >
          {({ id: fieldId, describedBy, invalid }) => (
            <Select
              id={fieldId}
              name="kind"
              defaultValue={values?.kind ?? question?.kind ?? "single"}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
            >
              {QUESTION_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`academy.quizEditor.kinds.${kind}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      <fieldset
        className="space-y-2"
        aria-describedby={`${id}-options-hint${optionsError ? ` ${id}-options-error` : ""}`}
      >
        <legend className="text-sm font-medium">{t("academy.quizEditor.options")}</legend>
        <p id={`${id}-options-hint`} className="text-xs text-muted-foreground">
          {t("academy.quizEditor.optionsHint", {
            min: QUIZ_LIMITS.optionsMin,
            max: QUIZ_LIMITS.optionsMax,
          })}
        </p>
        <ol className="space-y-2">
          {rows.map((row, index) => {
            const number = index + 1;
            const filled = row.id !== "" || row.label !== "";
            return (
              <li key={index} className="flex flex-wrap items-center gap-2">
                <input type="hidden" name={optionField(index, "id")} value={row.id} />
                <Label htmlFor={`${id}-option-${index}`} className="sr-only">
                  {t("academy.quizEditor.optionLabel", { number })}
                </Label>
                <input
                  id={`${id}-option-${index}`}
                  name={optionField(index, "label")}
                  defaultValue={row.label}
                  dir="auto"
                  maxLength={QUIZ_LIMITS.optionLabelMax}
                  placeholder={t("academy.quizEditor.optionLabel", { number })}
                  className="h-9 min-w-0 flex-1 basis-48 rounded-md border border-input bg-background px-3 text-sm"
                />
                <label className="flex items-center gap-1.5 text-sm">
                  <input
                    type="checkbox"
                    name={optionField(index, "correct")}
                    defaultChecked={row.isCorrect}
                    aria-label={t("academy.quizEditor.correctOf", { number })}
                  />
                  <span aria-hidden="true">{t("academy.quizEditor.correct")}</span>
                </label>
                {filled ? (
                  <span className="flex gap-1">
                    <Button
                      type="submit"
                      name="optionMove"
                      value={`${index}:up`}
                      size="sm"
                      variant="ghost"
                      disabled={busy || index === 0}
                      aria-label={t("academy.quizEditor.moveOptionUp", { number })}
                    >
                      <ArrowUp aria-hidden="true" />
                    </Button>
                    <Button
                      type="submit"
                      name="optionMove"
                      value={`${index}:down`}
                      size="sm"
                      variant="ghost"
                      disabled={busy || index === rows.length - 1 || !rows[index + 1]?.label}
                      aria-label={t("academy.quizEditor.moveOptionDown", { number })}
                    >
                      <ArrowDown aria-hidden="true" />
                    </Button>
                    <Button
                      type="submit"
                      name="optionRemove"
                      value={String(index)}
                      size="sm"
                      variant="ghost"
                      disabled={busy}
                      aria-label={t("academy.quizEditor.removeOption", { number })}
                    >
                      <X aria-hidden="true" />
                    </Button>
                  </span>
                ) : null}
              </li>
            );
          })}
        </ol>
        <FieldError
          id={`${id}-options-error`}
          message={optionsError ? t(textKey(optionsError)) : undefined}
        />
      </fieldset>
      <FormField
        label={t("academy.quizEditor.explanation")}
        name="explanation"
        error={failure?.fieldErrors.explanation}
        hint={t("academy.quizEditor.explanationHint")}
      >
        {({ id: fieldId, describedBy, invalid }) => (
          <Textarea
            id={fieldId}
            name="explanation"
            rows={2}
            dir="auto"
            maxLength={QUIZ_LIMITS.explanationMax}
            defaultValue={values?.explanation ?? question?.explanation ?? ""}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
          />
        )}
      </FormField>
      <Button type="submit" disabled={busy}>
        {question
          ? t("academy.quizEditor.saveQuestion")
          : t("academy.quizEditor.addQuestionSubmit")}
      </Button>
    </Form>
  );
}
