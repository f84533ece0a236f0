import { GOETIA_SPIRITS } from "#app/modules/library";
import type { Catalogue } from "./catalogues";

/*
 * Starter entries of the three catalogues, added by the first start to an empty catalogue.
 * Demons: the 72 spirits of the Ars Goetia (the public-domain catalogue in library/goetia.ts),
 * each with the powers its office names. Angels: the archangels as the Jewish, Christian and
 * later angelological traditions name them. Elenthos spirits: the Elenthos path's own, written
 * for this product.
 */

export interface SeedSpirit {
  name: string;
  description: string;
  positivePowers: string[];
}

/** The powers each Goetia spirit's office names, by its number. */
const GOETIA_POWERS: Record<number, string[]> = {
  1: ["invisibility", "wisdom"],
  2: ["languages", "return of the lost"],
  3: ["divination", "finding lost things"],
  4: ["liberal sciences", "speaking with the dead"],
  5: ["healing", "mechanical arts"],
  6: ["familiars"],
  7: ["divination", "reconciliation"],
  8: ["animal speech", "finding treasure"],
  9: ["arts and sciences", "dignities"],
  10: ["healing", "philosophy", "herbalism"],
  11: ["divination", "reconciliation", "honour"],
  12: ["love"],
  13: ["love"],
  14: ["courage"],
  15: ["finding hidden things", "favour"],
  16: ["love"],
  17: ["divination", "reconciliation"],
  18: ["herbalism", "travel"],
  19: ["love", "peace"],
  20: ["finding treasure", "divination"],
  21: ["astronomy", "herbalism"],
  22: ["divination", "courage", "wit"],
  23: ["wit", "finding hidden things"],
  24: ["rhetoric", "restoring honour"],
  25: ["arts and sciences", "divination"],
  26: ["wealth", "wisdom", "eloquence"],
  27: ["rhetoric", "languages", "favour"],
  28: ["divination", "alchemy"],
  29: ["divination", "liberal sciences"],
  30: ["rhetoric", "languages", "favour"],
  31: ["herbalism", "long life", "logic"],
  32: ["mathematics", "astronomy"],
  33: ["philosophy", "love"],
  34: ["love", "weather"],
  35: ["protection", "truth"],
  36: ["astronomy", "herbalism", "crystals"],
  37: ["sciences", "poetry"],
  38: ["protection"],
  39: ["building", "protection"],
  40: ["reconciliation"],
  41: ["weather"],
  42: ["waters", "travel"],
  43: ["building", "familiars"],
  44: ["finding hidden things"],
  45: ["finding hidden things", "divination"],
  46: ["astrology", "herbalism", "crystals"],
  47: ["love", "divination"],
  48: ["wisdom", "alchemy"],
  49: ["geometry", "liberal sciences"],
  50: ["philosophy", "astronomy", "palmistry"],
  51: ["divination", "invisibility", "wit"],
  52: ["astronomy", "familiars"],
  53: ["animal speech", "divination"],
  54: ["philosophy", "speaking with the dead"],
  55: ["divination", "truth", "favour"],
  56: ["divination", "finding treasure", "love"],
  57: ["liberal sciences", "transformation"],
  58: ["astrology", "familiars", "finding treasure"],
  59: ["astrology", "transformation"],
  60: ["crafts", "philosophy"],
  61: ["wit", "alchemy"],
  62: ["finding treasure"],
  63: ["discord"],
  64: ["divination", "protection"],
  65: ["geometry", "astronomy"],
  66: ["grammar", "logic", "finding lost things"],
  67: ["music"],
  68: ["favour", "dignities"],
  69: ["crystals", "birds"],
  70: ["swiftness", "return of the lost"],
  71: ["arts and sciences", "knowing thoughts"],
  72: ["return of the lost", "justice"],
};

const RANKS: Record<string, string> = {
  king: "King",
  duke: "Duke",
  prince: "Prince",
  marquis: "Marquis",
  president: "President",
  earl: "Earl",
  knight: "Knight",
};

const DEMONS: SeedSpirit[] = GOETIA_SPIRITS.map((s) => ({
  name: s.name,
  description: `${s.ranks.map((r) => RANKS[r]).join(" and ")} of ${s.legions} legions; spirit ${s.number} of the Ars Goetia. ${s.office}`,
  positivePowers: GOETIA_POWERS[s.number] ?? [],
}));

const ANGELS: SeedSpirit[] = [
  {
    name: "Michael",
    description:
      "Prince of the heavenly host, guardian and defender; called on for courage and protection.",
    positivePowers: ["protection", "courage", "justice"],
  },
  {
    name: "Gabriel",
    description:
      "The messenger who brings announcements and understanding; called on for clear words and new beginnings.",
    positivePowers: ["communication", "new beginnings", "dreams"],
  },
  {
    name: "Raphael",
    description: '"God heals": the guide of travellers and the healer of body and spirit.',
    positivePowers: ["healing", "travel", "guidance"],
  },
  {
    name: "Uriel",
    description: '"Light of God": the bringer of insight, wisdom and illumination in study.',
    positivePowers: ["wisdom", "insight", "study"],
  },
  {
    name: "Chamuel",
    description:
      "The angel who seeks and finds: called on for self-worth, kindness and lost things.",
    positivePowers: ["love", "finding lost things", "peace"],
  },
  {
    name: "Jophiel",
    description: '"Beauty of God": the angel of beauty, creativity and a clear mind.',
    positivePowers: ["beauty", "creativity", "clarity"],
  },
  {
    name: "Zadkiel",
    description: "The angel of mercy, forgiveness and memory.",
    positivePowers: ["forgiveness", "mercy", "memory"],
  },
  {
    name: "Raziel",
    description:
      '"Secret of God": keeper of the mysteries, said to have given a book of wisdom to Adam.',
    positivePowers: ["mysteries", "wisdom", "divination"],
  },
  {
    name: "Haniel",
    description: '"Grace of God": the angel of grace, intuition and the cycles of the moon.',
    positivePowers: ["intuition", "grace", "moon work"],
  },
  {
    name: "Metatron",
    description: "The heavenly scribe who records all that is, associated with sacred geometry.",
    positivePowers: ["sacred geometry", "study", "records"],
  },
  {
    name: "Sandalphon",
    description: "The angel who carries prayers, associated with music and the earth.",
    positivePowers: ["prayer", "music", "grounding"],
  },
  {
    name: "Azrael",
    description: "The angel who accompanies souls in passing; called on for comfort in grief.",
    positivePowers: ["comfort", "transition", "peace"],
  },
  {
    name: "Ariel",
    description: '"Lion of God": guardian of nature, wild places and their creatures.',
    positivePowers: ["nature", "courage", "abundance"],
  },
  {
    name: "Raguel",
    description: "The angel of harmony and fairness between people.",
    positivePowers: ["harmony", "justice", "reconciliation"],
  },
  {
    name: "Jeremiel",
    description: "The angel of visions and of the review of one's life.",
    positivePowers: ["visions", "hope", "dreams"],
  },
];

const ELENTHOS: SeedSpirit[] = [
  {
    name: "Aelwyn of the Threshold",
    description:
      "The first spirit met on the Elenthos path, who keeps the edge between the day and stillness.",
    positivePowers: ["stillness", "beginnings", "protection"],
  },
  {
    name: "Corvessa",
    description:
      "A spirit of the evening hour who helps the practitioner let the day's thoughts go.",
    positivePowers: ["release", "calm", "sleep"],
  },
  {
    name: "Ithrien",
    description: "Keeper of the reflected flame; associated with the communion of lights.",
    positivePowers: ["insight", "visions", "clarity"],
  },
  {
    name: "Maelor",
    description: "A spirit of deep water and memory, met when the bowl is still.",
    positivePowers: ["memory", "intuition", "dreams"],
  },
  {
    name: "Sorveth",
    description: "The spirit of the steady breath, patient and unhurried.",
    positivePowers: ["patience", "breath", "grounding"],
  },
  {
    name: "Ylenne",
    description: "A bright spirit of gratitude, felt in the second breath.",
    positivePowers: ["gratitude", "joy", "love"],
  },
  {
    name: "Thaloran",
    description: "Guardian of the closed circle, who seals a communion's end.",
    positivePowers: ["protection", "closure", "grounding"],
  },
  {
    name: "Venarys",
    description: "A spirit of the waxing moon and of new undertakings.",
    positivePowers: ["new beginnings", "moon work", "courage"],
  },
  {
    name: "Oriseth",
    description: "A spirit of the written word, who favours the practitioner's notebook.",
    positivePowers: ["writing", "memory", "study"],
  },
  {
    name: "Nimhael",
    description: "A quiet spirit of forgiveness, sought after difficult days.",
    positivePowers: ["forgiveness", "healing", "peace"],
  },
  {
    name: "Caladrin",
    description: "A spirit of the hearth, kindly to households and shared meals.",
    positivePowers: ["home", "harmony", "abundance"],
  },
  {
    name: "Eryndis",
    description: "The spirit of the far horizon, companion of journeys inner and outer.",
    positivePowers: ["travel", "guidance", "hope"],
  },
];

export const SEED_SPIRITS: Record<Catalogue, readonly SeedSpirit[]> = {
  demons: DEMONS,
  angels: ANGELS,
  elenthos: ELENTHOS,
};
