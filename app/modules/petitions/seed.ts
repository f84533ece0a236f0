/** The ritual kinds offered on first start (admins rename, reorder or retire them later). */
export const SEED_RITUAL_KINDS: ReadonlyArray<{ name: string; description: string }> = [
  {
    name: "Candle blessing",
    description:
      "A candle dressed and lit for your intention, with a spoken blessing over its burning.",
  },
  {
    name: "Protection ritual",
    description: "A warding for a person or a home: circle, salt and a sealed petition.",
  },
  {
    name: "Cleansing ritual",
    description: "Smoke, water and sound to clear heavy or stagnant energy from a person or place.",
  },
  {
    name: "Healing prayer",
    description: "Prayers and a healing invocation held over several days for the names you give.",
  },
  {
    name: "Ancestor offering",
    description: "An offering at the ancestor altar, with the names of those you wish remembered.",
  },
];
