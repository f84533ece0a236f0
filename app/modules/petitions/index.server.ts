// The petitions module's server API for code outside the module (docs/ARCHITECTURE.md "Module entries").
export {
  activeRitualKinds,
  addPetitionNote,
  addPetitionPhoto,
  adminPetition,
  allRitualKinds,
  changePetition,
  createRitualKind,
  filePetition,
  ownPetitions,
  petitionForViewer,
  petitionQueue,
  updateRitualKind,
  type ChangeResult,
  type FileResult,
  type PhotoResult,
  type RitualKind,
} from "./petitions.server";
import { seedRitualKinds } from "./petitions.server";
import { SEED_RITUAL_KINDS } from "./seed";

/** The starter ritual kinds, when there are none yet (app/db/seed.server.ts). */
export const seedPetitionKinds = () => seedRitualKinds(SEED_RITUAL_KINDS);
