/**
 * Words for the generated covens and events. Coven names are "Adjective Noun Kind", enumerated
 * without repeats (16 × 16 × 10 = 2,560 names), so slugs are unique without probing.
 */
export const COVEN_ADJECTIVES = [
  "Silver",
  "Hidden",
  "Crimson",
  "Whispering",
  "Ancient",
  "Starlit",
  "Wandering",
  "Golden",
  "Misty",
  "Emerald",
  "Twilight",
  "Quiet",
  "Northern",
  "Wild",
  "Sacred",
  "Hollow",
] as const;

export const COVEN_NOUNS = [
  "Moon",
  "Oak",
  "Raven",
  "Willow",
  "Thorn",
  "Ember",
  "Tide",
  "Serpent",
  "Lantern",
  "Rowan",
  "Owl",
  "Hearth",
  "Mirror",
  "Bramble",
  "Comet",
  "Fern",
] as const;

export const COVEN_KINDS = [
  "Circle",
  "Coven",
  "Lodge",
  "Grove",
  "Order",
  "Sisterhood",
  "Study Group",
  "Gathering",
  "Fellowship",
  "Hearth Club",
] as const;

export const COVEN_TAGS = [
  "tarot",
  "herbs",
  "crystals",
  "moon",
  "meditation",
  "astrology",
  "runes",
  "candles",
  "dreams",
  "beginners",
  "sabbats",
  "divination",
  "shadow-work",
  "healing",
  "sigils",
  "ancestors",
] as const;

/** What kind of gathering an event is; its title is "{format}: {topic}". */
export const EVENT_FORMATS = [
  "Full moon circle",
  "New moon circle",
  "Workshop",
  "Study night",
  "Open ritual",
  "Guided session",
  "Practice evening",
  "Beginners' class",
  "Sabbat gathering",
  "Q&A with the elders",
] as const;

export const EVENT_PLACES = [
  "Community hall, Glastonbury",
  "The Old Library, Salem",
  "Riverside park pavilion, Portland",
  "Back room of the Moonstone bookshop, Berlin",
  "Garden studio, Lisbon",
  "Stone circle car park, Avebury",
  "Tea house, Kyoto",
  "Yoga loft, Melbourne",
] as const;

/** Zones events are planned in (their wall times; DST included). */
export const EVENT_ZONES = [
  "Europe/London",
  "Europe/Berlin",
  "America/New_York",
  "America/Los_Angeles",
  "America/Sao_Paulo",
  "Asia/Tokyo",
  "Asia/Kolkata",
  "Australia/Sydney",
  "Africa/Cairo",
  "UTC",
] as const;
