/**
 * Earlier texts of the seeded pages (seed-content.ts), as SHA-256 hashes of their bodies. A stored
 * page whose body is still one of these was never edited by an admin, so seeding brings it up to
 * the current text; a page an admin edited is never touched. When a seed text changes, add the
 * hash of the body it replaces here.
 *
 * The first texts (until the membership promises were made true) said that posts and profiles
 * were visible only to signed-in members and that full membership included courses, videos,
 * grimoires and covens.
 */
export const RETIRED_SEED_BODIES: Readonly<Record<string, readonly string[]>> = {
  about: ["9b778deafcaa8f8696084f13834bef0a2b8ca0a5c63bf578ebfae112f26dfae9"],
  privacy: ["678775f14afa5605ae54511a03bc62361bd5ba833e1adc70ffa899c5f50c4414"],
  terms: ["d37b49f41bdacdab269581637276fe8f51e7de8a11e33ac4b954e6464560fa4a"],
  help: ["b23c606301ac242724bdc9aa7c00eeab842c5e698cc85eeb93cfb84fdda13fc8"],
  "help-guidelines": ["cb12a2fc5628ccf6286df8f53eaa13aff9e03742afca733e507549cd8d9354a1"],
  faq: ["9578357d2fc232ae041aa468cae2a774670fc46e6f8abcc8af0b931583e11dd3"],
};
