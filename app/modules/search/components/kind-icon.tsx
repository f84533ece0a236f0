import { CalendarDays, FileText, MessagesSquare, Users, type LucideIcon } from "lucide-react";
import { Avatar } from "#app/components/ui/avatar";
import type { SearchResult } from "../types";

/** Icons of kinds that have their own; any other kind gets the generic document icon. */
const KIND_ICONS: Record<string, LucideIcon> = {
  post: MessagesSquare,
  page: FileText,
  coven: Users,
  event: CalendarDays,
};

/** The picture in front of a result: the avatar for kinds with one, else the kind's icon. */
export function ResultIcon({ result, size = "sm" }: { result: SearchResult; size?: "sm" | "md" }) {
  if (result.avatar) return <Avatar src={result.image} name={result.title} size={size} />;
  const Icon = KIND_ICONS[result.kind] ?? FileText;
  return (
    <span
      aria-hidden="true"
      className={
        size === "sm"
          ? "grid size-8 shrink-0 place-items-center rounded-md bg-muted text-muted-foreground"
          : "grid size-10 shrink-0 place-items-center rounded-md bg-muted text-muted-foreground"
      }
    >
      <Icon className="size-4" />
    </span>
  );
}
