import { GOETIA_SPIRITS, type GoetiaRank } from "./goetia";
import type { PracticeStep } from "./practice";
import { SEED_PRACTICES } from "./seed-practices";
import type { ArticleType } from "./types";

/*
 * The library's starter works, added by the first start when their slug is missing (never over
 * an admin's text). SPEC §2 names two grimoires: /grimoire/ars-goetia (built from the
 * public-domain spirit catalogue of the Lesser Key of Solomon) and /grimoire/elenthos-communion
 * (an original short text: there is no public-domain source for it).
 */

export interface SeedArticle {
  type: ArticleType;
  slug: string;
  title: string;
  category: string;
  summary: string;
  body: string;
  isPremium: boolean;
  chapters: ReadonlyArray<{ title: string; body: string }>;
  /** A category with a page of its own (`practice.ts`). */
  categoryKey?: string;
  materials?: string;
  timing?: string;
  steps?: ReadonlyArray<PracticeStep>;
}

const RANK_CHAPTERS: ReadonlyArray<{ rank: GoetiaRank; title: string }> = [
  { rank: "king", title: "The Kings" },
  { rank: "duke", title: "The Dukes" },
  { rank: "prince", title: "The Princes and Prelates" },
  { rank: "marquis", title: "The Marquises" },
  { rank: "president", title: "The Presidents" },
  { rank: "earl", title: "The Earls and Counts" },
  { rank: "knight", title: "The Knight" },
];

const RANK_NAMES: Record<GoetiaRank, string> = {
  king: "King",
  duke: "Duke",
  prince: "Prince",
  marquis: "Marquis",
  president: "President",
  earl: "Earl",
  knight: "Knight",
};

function goetiaChapter(rank: GoetiaRank): string {
  const spirits = GOETIA_SPIRITS.filter((s) => s.ranks[0] === rank);
  return spirits
    .map(
      (s) =>
        `### ${s.number}. ${s.name}\n\n*${s.ranks.map((r) => RANK_NAMES[r]).join(" and ")} · ${s.legions} legions*\n\n${s.office}`,
    )
    .join("\n\n");
}

const ARS_GOETIA: SeedArticle = {
  type: "grimoire",
  slug: "ars-goetia",
  title: "Ars Goetia",
  category: "Solomonic tradition",
  summary:
    "The first book of the Lesser Key of Solomon: the seventy-two spirits, their ranks, legions and offices, arranged for study.",
  body: `The *Ars Goetia* is the first of the five books of the *Lesser Key of Solomon*, a
seventeenth-century compilation of older material. Its heart is a catalogue of seventy-two
spirits, each with a rank in an infernal hierarchy, a number of legions under its command and an
office: the knowledge it teaches or the change it brings about. This edition follows the order of
the 1904 public-domain edition and summarises each entry in plain words.

## How to study this catalogue

Read it as a historical document first. The ranks (kings, dukes, princes, marquises, presidents,
earls and a single knight) mirror the courts of early modern Europe, and many offices repeat:
teaching of the liberal sciences, finding of hidden things, reconciling friends and foes. Note
which themes recur, and which spirits are named in the older catalogues it drew on.

## A word on practice

Traditional Solomonic practice surrounds every working with preparation, protection and a clear,
ethical intention. Nothing in this grimoire asks you to act against another person. Discuss your
study with your coven or in the community before any practical work.`,
  isPremium: true,
  chapters: RANK_CHAPTERS.map(({ rank, title }) => ({ title, body: goetiaChapter(rank) })),
};

const ELENTHOS_COMMUNION: SeedArticle = {
  type: "grimoire",
  slug: "elenthos-communion",
  title: "Elenthos Communion",
  category: "Elenthos tradition",
  summary:
    "A short working grimoire of the Elenthos path: preparing the threshold, the three breaths, the communion of lights and the closing of the circle.",
  body: `The Elenthos path is practised in small, regular sittings rather than rare great workings.
This grimoire gathers the four movements of a communion, as our teachers give them to new
members. Read it through once before you practise any part of it.

## What you need

A quiet place where you will not be disturbed for twenty minutes, a candle, a bowl of water and a
notebook. Nothing else is required; tools are aids to attention, not sources of power.`,
  isPremium: true,
  chapters: [
    {
      title: "The Threshold",
      body: `Every communion begins by marking the place as set apart. Light the candle and place the
bowl of water before it. Sit so that your back is straight without strain.

## Naming the threshold

Say, aloud or within: *"Here I step out of the day's noise and into stillness."* Notice the edge of
the candle's light on the floor: that is your threshold. Do not hurry past it.`,
    },
    {
      title: "The Three Breaths",
      body: `The three breaths settle body, heart and mind in turn.

## The first breath

Breathe in slowly through the nose, counting four, and let the breath fill the belly. Breathe out
for six. Let the body grow heavy.

## The second breath

Breathe into the chest and feel it widen. As you breathe out, name one thing you are grateful for.

## The third breath

Breathe as if into the space behind the eyes. As you breathe out, let the last thought of the day
go, without following it.`,
    },
    {
      title: "The Communion of Lights",
      body: `Look into the candle's reflection in the water. The flame is the light you bring; its
reflection is the light that answers.

## Holding the gaze

Keep a soft gaze on the reflection for as long as is comfortable, up to ten minutes. When an image,
word or feeling arises, note it without judging it. When your attention wanders, return to the
reflection.

## Recording

Write down what arose, the date and the moon's phase. Over weeks, the notebook becomes your own
commentary on this grimoire.`,
    },
    {
      title: "Closing the Circle",
      body: `A communion ends as deliberately as it begins.

## The closing words

Say: *"I give thanks for what was shown, and I return to the day."* Extinguish the candle (do not
blow it out; use a snuffer or your fingers) and pour the water onto earth.

## Afterwards

Eat or drink something simple, and let an hour pass before you read your notes again.`,
    },
  ],
};

export const SEED_ARTICLES: readonly SeedArticle[] = [
  ARS_GOETIA,
  ELENTHOS_COMMUNION,
  ...SEED_PRACTICES,
];
