import { CheckCircle2, Clock, Flame, ListChecks, Pause, Play } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "#app/components/ui/button";
import { IntentButton } from "#app/components/ui/intent-button";
import { useTranslation } from "#app/i18n/react";
import type { PracticeStep } from "../practice";

export interface PracticeView {
  materials: string[];
  timing: string;
  steps: PracticeStep[] | null;
  stepCount: number;
  minutes: number;
}

/**
 * A practice text's own parts under its body: what to gather, when, and the steps (issue 13
 * §2–3). A reader without the whole text learns how many steps and minutes it has; a member who
 * may follow an attunement gets the guided sequence and marks the session done.
 */
export function PracticeParts({
  practice,
  session,
}: {
  practice: PracticeView;
  /** Set for an attunement the member may follow: today's state and the streak. */
  session: { streak: number; doneToday: boolean } | null;
}) {
  const { t } = useTranslation();
  const { materials, timing, steps, stepCount, minutes } = practice;
  if (materials.length === 0 && !timing && stepCount === 0) return null;
  return (
    <section className="mt-8 space-y-6" aria-label={t("library.practice.label")}>
      {materials.length > 0 || timing ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {materials.length > 0 ? (
            <div className="rounded-xl border border-border bg-card p-4">
              <h2 className="flex items-center gap-2 text-base font-semibold">
                <ListChecks className="size-4" aria-hidden="true" />
                {t("library.practice.materials")}
              </h2>
              <ul className="mt-2 list-disc space-y-1 ps-5 text-sm">
                {materials.map((item, index) => (
                  <li key={index} dir="auto">
                    {item}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {timing ? (
            <div className="rounded-xl border border-border bg-card p-4">
              <h2 className="flex items-center gap-2 text-base font-semibold">
                <Clock className="size-4" aria-hidden="true" />
                {t("library.practice.timing")}
              </h2>
              <p className="mt-2 text-sm" dir="auto">
                {timing}
              </p>
            </div>
          ) : null}
        </div>
      ) : null}

      {stepCount > 0 ? (
        <div>
          <h2 className="text-xl font-semibold">{t("library.practice.steps")}</h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {t("library.practice.stepCount", { count: stepCount })}
            {minutes > 0 ? ` · ${t("library.practice.minutes", { count: minutes })}` : null}
          </p>
          {steps ? (
            session ? (
              <GuidedPractice steps={steps} session={session} />
            ) : (
              <StepList steps={steps} />
            )
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function StepList({ steps, current }: { steps: PracticeStep[]; current?: number }) {
  const { t } = useTranslation();
  return (
    <ol className="mt-4 space-y-3">
      {steps.map((step, index) => (
        <li
          key={index}
          aria-current={current === index ? "step" : undefined}
          className="rounded-lg border border-border bg-card p-3 aria-[current=step]:border-primary aria-[current=step]:ring-1 aria-[current=step]:ring-primary"
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 className="font-medium" dir="auto">
              <span className="text-muted-foreground">{index + 1}. </span>
              {step.title}
            </h3>
            {step.minutes > 0 ? (
              <span className="text-xs text-muted-foreground">
                {t("library.practice.minutes", { count: step.minutes })}
              </span>
            ) : null}
          </div>
          {step.text ? (
            <p className="mt-1 whitespace-pre-line text-sm" dir="auto">
              {step.text}
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

function clock(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, "0")}`;
}

/**
 * The guided sequence: one step at a time with its timer (it only counts; moving on is the
 * member's choice), then "Mark session done". Without JavaScript the steps are a list and the
 * button still records the session.
 */
function GuidedPractice({
  steps,
  session,
}: {
  steps: PracticeStep[];
  session: { streak: number; doneToday: boolean };
}) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState<number | null>(null);
  const [left, setLeft] = useState(0);
  const [running, setRunning] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const step = current === null ? null : steps[current];

  // The clock runs while the member has not paused it and the step has time left.
  const ticking = running && left > 0;
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setLeft((value) => Math.max(0, value - 1)), 1_000);
    return () => clearInterval(timer);
  }, [ticking]);

  const go = (index: number) => {
    setCurrent(index);
    const seconds = (steps[index]?.minutes ?? 0) * 60;
    setLeft(seconds);
    setRunning(seconds > 0);
    requestAnimationFrame(() => heading.current?.focus());
  };
  const finished = current !== null && current >= steps.length;

  return (
    <div className="mt-4 space-y-4">
      <div className="flex flex-wrap items-center gap-3 rounded-xl border border-border bg-card p-4">
        <Flame className="size-5 text-primary" aria-hidden="true" />
        <p className="text-sm">
          {session.streak > 0
            ? t("library.practice.streak", { count: session.streak })
            : t("library.practice.noStreak")}
        </p>
        {session.doneToday ? (
          <p className="flex items-center gap-1 text-sm font-medium text-primary">
            <CheckCircle2 className="size-4" aria-hidden="true" />
            {t("library.practice.doneToday")}
          </p>
        ) : null}
      </div>

      {step ? (
        <div
          className="rounded-xl border border-primary bg-card p-5"
          role="group"
          aria-labelledby="practice-step-title"
        >
          <p className="text-sm text-muted-foreground">
            {t("library.practice.stepOf", { index: current! + 1, count: steps.length })}
          </p>
          <h3
            id="practice-step-title"
            ref={heading}
            tabIndex={-1}
            className="mt-1 text-xl font-semibold outline-none"
            dir="auto"
          >
            {step.title}
          </h3>
          {step.text ? (
            <p className="mt-2 whitespace-pre-line" dir="auto">
              {step.text}
            </p>
          ) : null}
          {step.minutes > 0 ? (
            <div className="mt-4 flex items-center gap-3">
              <span
                className="font-mono text-3xl tabular-nums"
                role="timer"
                aria-label={t("library.practice.timeLeft")}
              >
                {clock(left)}
              </span>
              {left > 0 ? (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() => setRunning((value) => !value)}
                >
                  {ticking ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
                  {ticking ? t("library.practice.pause") : t("library.practice.resume")}
                </Button>
              ) : (
                <span className="text-sm font-medium text-primary" aria-live="polite">
                  {t("library.practice.timeUp")}
                </span>
              )}
            </div>
          ) : null}
          <div className="mt-5 flex flex-wrap justify-between gap-2">
            <Button
              type="button"
              variant="outline"
              onClick={() => (current! > 0 ? go(current! - 1) : setCurrent(null))}
            >
              {t("library.practice.previous")}
            </Button>
            <Button type="button" onClick={() => go(current! + 1)}>
              {current! + 1 < steps.length
                ? t("library.practice.next")
                : t("library.practice.finish")}
            </Button>
          </div>
        </div>
      ) : finished ? (
        <div className="rounded-xl border border-primary bg-card p-5" aria-live="polite">
          <p className="font-medium">{t("library.practice.finished")}</p>
        </div>
      ) : (
        <Button type="button" onClick={() => go(0)}>
          <Play aria-hidden="true" />
          {t("library.practice.begin")}
        </Button>
      )}

      {current === null || finished ? <StepList steps={steps} /> : null}

      {session.doneToday ? null : (
        <IntentButton intent="session-done" variant={finished ? "default" : "outline"}>
          <CheckCircle2 aria-hidden="true" />
          {t("library.practice.markDone")}
        </IntentButton>
      )}
    </div>
  );
}
