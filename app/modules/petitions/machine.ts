/*
 * A ritual request's life (decision 057), as one table: which command moves it from which status
 * to which, and what that command must carry. Pure: the server reads the current status, asks
 * `nextStatus`, and writes the answer only where the status is still the one it read.
 */

export const PETITION_STATUSES = [
  "submitted",
  "accepted",
  "declined",
  "scheduled",
  "performed",
  "closed",
] as const;
export type PetitionStatus = (typeof PETITION_STATUSES)[number];

/** Statuses that still hold the member's one request of a kind (PETITION_OPEN in schema.ts). */
export const OPEN_STATUSES: readonly PetitionStatus[] = [
  "submitted",
  "accepted",
  "scheduled",
  "performed",
];
/** The statuses that end a request: a new one of the same kind may be filed. */
export const FINAL_STATUSES: readonly PetitionStatus[] = ["declined", "closed"];

/** The statuses a command leads to (a request is only ever submitted by filing it). */
export type ReachedStatus = Exclude<PetitionStatus, "submitted">;

export const PETITION_COMMANDS = ["accept", "decline", "schedule", "perform", "close"] as const;
export type PetitionCommand = (typeof PETITION_COMMANDS)[number];

/**
 * Every allowed move. A decline is possible until the ritual is performed (an accepted or
 * scheduled request may turn out impossible; the member is told why); a performed ritual is only
 * closed. `schedule` from `scheduled` is a reschedule.
 */
export const TRANSITIONS: Record<
  PetitionCommand,
  { from: readonly PetitionStatus[]; to: ReachedStatus }
> = {
  accept: { from: ["submitted"], to: "accepted" },
  decline: { from: ["submitted", "accepted", "scheduled"], to: "declined" },
  schedule: { from: ["accepted", "scheduled"], to: "scheduled" },
  perform: { from: ["scheduled"], to: "performed" },
  close: { from: ["performed"], to: "closed" },
};

export interface CommandInput {
  command: PetitionCommand;
  /** decline: why (required). */
  reason?: string | null;
  /** schedule: the day, YYYY-MM-DD (required). */
  date?: string | null;
  /** perform: the report (required). */
  report?: string | null;
}

export type TransitionAnswer =
  | { ok: true; to: ReachedStatus }
  | {
      ok: false;
      /** A translation key: the move is not allowed from here, or what it needs is missing. */
      error:
        | "petitions.errors.notAllowed"
        | "petitions.errors.reasonRequired"
        | "petitions.errors.dateRequired"
        | "petitions.errors.reportRequired";
    };

const present = (value: string | null | undefined) => !!value && value.trim().length > 0;

/** Where `input` takes a request that is `status` now, or why it may not. */
export function nextStatus(status: PetitionStatus, input: CommandInput): TransitionAnswer {
  const rule = TRANSITIONS[input.command];
  if (!rule.from.includes(status)) return { ok: false, error: "petitions.errors.notAllowed" };
  if (input.command === "decline" && !present(input.reason))
    return { ok: false, error: "petitions.errors.reasonRequired" };
  if (input.command === "schedule" && !present(input.date))
    return { ok: false, error: "petitions.errors.dateRequired" };
  if (input.command === "perform" && !present(input.report))
    return { ok: false, error: "petitions.errors.reportRequired" };
  return { ok: true, to: rule.to };
}

/** The commands an admin may give a request that is `status` now (the forms the screen shows). */
export function commandsFrom(status: PetitionStatus): PetitionCommand[] {
  return PETITION_COMMANDS.filter((command) => TRANSITIONS[command].from.includes(status));
}

export function isOpen(status: PetitionStatus): boolean {
  return OPEN_STATUSES.includes(status);
}
