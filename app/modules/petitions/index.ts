// What code outside the petitions module may import from it; safe in the browser
// (docs/ARCHITECTURE.md "Module entries"). Server code: ./index.server.ts.
export {
  commandsFrom,
  FINAL_STATUSES,
  isOpen,
  nextStatus,
  OPEN_STATUSES,
  PETITION_COMMANDS,
  PETITION_STATUSES,
  TRANSITIONS,
  type PetitionCommand,
  type PetitionStatus,
} from "./machine";
export {
  PETITION_AGES,
  PETITION_LIMITS,
  PETITION_PHOTOS_MAX,
  PETITIONS_PER_DAY,
  PETITIONS_PER_PAGE,
  petitionPath,
  type PetitionAge,
} from "./policy";
