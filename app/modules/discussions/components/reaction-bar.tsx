import { Flame, Heart, Lightbulb } from "lucide-react";
import { useTranslation } from "#app/i18n/react";
import { useFetcher } from "react-router";
import { REACTION_KIND_LIST, type ReactionKindName } from "../reaction-kinds";

const ICONS = { like: Heart, insightful: Lightbulb, blessed: Flame } as const;

const symbolId = (kind: ReactionKindName) => `reaction-icon-${kind}`;

/**
 * The reaction icons, drawn once per page and referenced by every button: a thread of 200
 * comments would otherwise carry 600 copies of their paths. Render it once on any page that
 * shows a ReactionBar. An active button fills its icon through the inherited
 * `--reaction-fill` property, which reaches into the referenced symbol.
 */
export function ReactionIconSprite() {
  return (
    <svg aria-hidden="true" focusable="false" className="absolute size-0 overflow-hidden">
      {REACTION_KIND_LIST.map((kind) => {
        const Icon = ICONS[kind];
        return (
          <symbol key={kind} id={symbolId(kind)} viewBox="0 0 24 24">
            <Icon className="fill-[var(--reaction-fill,none)]" />
          </symbol>
        );
      })}
    </svg>
  );
}

const BUTTON_BASE = "inline-flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs";
const BUTTON_ACTIVE = `${BUTTON_BASE} border-primary bg-primary/10 text-primary`;
const BUTTON_IDLE = `${BUTTON_BASE} border-border text-muted-foreground`;

/**
 * Reaction toggles. Each is a small form (works without JavaScript); with JavaScript it submits
 * in the background and shows the new state at once.
 */
export function ReactionBar({
  targetType,
  targetId,
  counts,
  mine,
  canReact,
}: {
  targetType: "post" | "comment";
  targetId: string;
  counts: Partial<Record<ReactionKindName, number>>;
  mine: ReactionKindName[];
  canReact: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div
      className="flex flex-wrap gap-1.5"
      role="group"
      aria-label={t("discussions.reactionsLabel")}
    >
      {REACTION_KIND_LIST.map((kind) => (
        <ReactionButton
          key={kind}
          kind={kind}
          targetType={targetType}
          targetId={targetId}
          count={counts[kind] ?? 0}
          active={mine.includes(kind)}
          canReact={canReact}
          label={t(`discussions.reactionKinds.${kind}`)}
        />
      ))}
    </div>
  );
}

function ReactionButton({
  kind,
  targetType,
  targetId,
  count,
  active,
  canReact,
  label,
}: {
  kind: ReactionKindName;
  targetType: string;
  targetId: string;
  count: number;
  active: boolean;
  canReact: boolean;
  label: string;
}) {
  const fetcher = useFetcher();
  // Optimistic: while the toggle is on its way, show the state it will have.
  const pending = fetcher.state !== "idle";
  const shownActive = pending ? !active : active;
  const shownCount = pending ? count + (active ? -1 : 1) : count;
  const content = (
    <>
      <svg
        className={shownActive ? "size-4 [--reaction-fill:currentColor]" : "size-4"}
        aria-hidden="true"
        focusable="false"
      >
        <use href={`#${symbolId(kind)}`} />
      </svg>
      <span>{label}</span>
      <span className="tabular-nums">{shownCount}</span>
    </>
  );
  const className = shownActive ? BUTTON_ACTIVE : BUTTON_IDLE;
  if (!canReact) return <span className={className}>{content}</span>;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="react" />
      <input type="hidden" name="targetType" value={targetType} />
      <input type="hidden" name="targetId" value={targetId} />
      <input type="hidden" name="kind" value={kind} />
      <button
        type="submit"
        aria-pressed={shownActive}
        className={`${className} hover:border-primary/60`}
      >
        {content}
      </button>
    </fetcher.Form>
  );
}
