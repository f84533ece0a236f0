// The spirits module's server API for code outside the module (docs/ARCHITECTURE.md "Module entries").
export {
  CATALOGUE_TABLES,
  SpiritRefusedError,
  catalogueSpirits,
  createSpirit,
  dayNumber,
  deleteSpirit,
  popularPowers,
  seedSpirits,
  spiritOfTheDay,
  spiritsOfTheDay,
  updateSpirit,
  type Spirit,
} from "./spirits.server";
export { spiritRefusal } from "./access.server";
