import { ar } from "./ar";
import type { Lexicon } from "./concepts";
import { de } from "./de";
import { es } from "./es";
import { fr } from "./fr";
import { hi } from "./hi";
import { it } from "./it";
import { ja } from "./ja";
import { ko } from "./ko";
import { nl } from "./nl";
import { pl } from "./pl";
import { pt } from "./pt";
import { ru } from "./ru";
import { tr } from "./tr";
import { zh } from "./zh";

export { CONCEPTS, type Concept, type Lexicon } from "./concepts";

/** The site's other languages, each with its words for the site's English vocabulary. */
export const LEXICONS: Readonly<Record<string, Lexicon>> = {
  es,
  fr,
  de,
  it,
  pt,
  ru,
  nl,
  pl,
  tr,
  ja,
  zh,
  ko,
  ar,
  hi,
};

/** Languages written without spaces between words: their terms are found anywhere in the query. */
export const SUBSTRING_LANGUAGES: ReadonlySet<string> = new Set(["ja", "zh", "ko"]);
