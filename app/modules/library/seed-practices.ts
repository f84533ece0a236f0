import type { SeedArticle } from "./seed-content";

/*
 * Starter practices (original text): two attunement paths with a page each — the demonic one at
 * `/demon-attunements` (category key `demon`) and the Elenthos one at `/elentho-attunements` (key
 * `elenthos`) — and ritual guides for `/rituals`. Each attunement is SPEC's "5 minutes a day".
 */

const DEMON = { category: "Demonic attunements", categoryKey: "demon" } as const;
const ELENTHOS = { category: "Elenthos attunements", categoryKey: "elenthos" } as const;

export const SEED_PRACTICES: readonly SeedArticle[] = [
  {
    type: "attunement",
    slug: "attunement-spirit-of-the-day",
    title: "Attunement to the spirit of the day",
    ...DEMON,
    summary:
      "Five minutes with the Goetic spirit the oracle names today: ground, hold its seal in mind, speak its name, listen, and close.",
    body: "## Why daily\n\nA spirit is known the way a person is known: by returning. This practice is short so that it can be kept every day. Read the spirit of the day on your dashboard before you begin.\n\n## What you need\n\nA quiet place, a candle if you like, and the name of today's spirit.",
    isPremium: true,
    chapters: [],
    materials: "A candle (optional)\nThe name of today's spirit\nA notebook",
    timing: "Any time of day; the same hour each day helps.",
    steps: [
      {
        title: "Ground",
        minutes: 1,
        text: "Sit upright with both feet on the floor. Breathe slowly in for four counts and out for six, and feel your weight settle.",
      },
      {
        title: "Hold the seal",
        minutes: 1,
        text: "Picture the spirit's seal, or simply its name written in a circle, in front of your eyes. When the image slips, bring it back without hurry.",
      },
      {
        title: "Speak the name",
        minutes: 1,
        text: "Say the spirit's name softly three times, then state plainly why you have come today: to know it better, nothing more.",
      },
      {
        title: "Listen",
        minutes: 1,
        text: "Stay still. Note any image, word, feeling or memory that arrives, without judging it.",
      },
      {
        title: "Close and record",
        minutes: 1,
        text: "Thank the spirit, say that the meeting is ended, and write down what you noticed.",
      },
    ],
  },
  {
    type: "attunement",
    slug: "attunement-threshold-of-the-kings",
    title: "The threshold of the Kings",
    ...DEMON,
    summary:
      "A short approach to the nine Kings of the Goetia, one King a day, building the habit of a clean opening and a clean closing.",
    body: "## The practice\n\nTake the Kings in the order of the catalogue, one a day for nine days. The opening and the closing matter more than what happens in between: keep them exact.",
    isPremium: true,
    chapters: [],
    materials: "The grimoire's chapter on the Kings\nA notebook",
    timing: "Evenings, nine days in a row.",
    steps: [
      {
        title: "Open",
        minutes: 1,
        text: "Stand, face the east, and state that you open a space for study and for nothing else.",
      },
      {
        title: "Read",
        minutes: 2,
        text: "Read the entry of today's King aloud, slowly, once.",
      },
      {
        title: "Reflect",
        minutes: 1,
        text: "Ask what in your own life the King's office touches, and let one answer come.",
      },
      {
        title: "Close",
        minutes: 1,
        text: "State that the space is closed, and write one line in your notebook.",
      },
    ],
  },
  {
    type: "attunement",
    slug: "attunement-elenthos-breath-of-light",
    title: "Breath of light",
    ...ELENTHOS,
    summary:
      "The first Elenthos attunement: five minutes of breath and attention that open the heart to the guardians of light.",
    body: "## The practice\n\nElenthos work begins in the body. Before any words, the breath is made calm and the attention gentle. Keep this practice for a week before the next.",
    isPremium: true,
    chapters: [],
    materials: "A quiet place\nA glass of water",
    timing: "Morning, before the day's noise.",
    steps: [
      {
        title: "Settle",
        minutes: 1,
        text: "Sit comfortably. Let the shoulders drop and the jaw loosen.",
      },
      {
        title: "Breathe light in",
        minutes: 2,
        text: "On each in-breath imagine a soft light entering at the crown and filling the chest. On each out-breath let tension leave.",
      },
      {
        title: "Greet",
        minutes: 1,
        text: "Silently greet the guardians of light and ask to be attuned to what is good for you today.",
      },
      {
        title: "Seal",
        minutes: 1,
        text: "Drink a little water, give thanks, and open your eyes.",
      },
    ],
  },
  {
    type: "attunement",
    slug: "attunement-elenthos-listening-heart",
    title: "The listening heart",
    ...ELENTHOS,
    summary:
      "The second Elenthos attunement: attention rests in the heart and listens for a single word to carry through the day.",
    body: "## The practice\n\nWhen the breath of light is familiar, the attention can rest lower, in the heart, and listen. Expect nothing; receive what comes.",
    isPremium: true,
    chapters: [],
    materials: "A notebook",
    timing: "Morning or evening.",
    steps: [
      {
        title: "Breath of light",
        minutes: 1,
        text: "Begin with a minute of the breath of light.",
      },
      {
        title: "Rest in the heart",
        minutes: 2,
        text: "Place a hand on the chest and let the attention rest beneath it.",
      },
      {
        title: "Receive a word",
        minutes: 1,
        text: "Ask for one word for the day and wait. Take the first that comes.",
      },
      {
        title: "Write it",
        minutes: 1,
        text: "Write the word down and carry it with you.",
      },
    ],
  },
  {
    type: "ritual",
    slug: "ritual-salt-and-candle-protection",
    title: "Salt and candle protection",
    category: "Protection",
    summary:
      "A simple household protection: a line of salt at the threshold and a candle kept while a short charge is spoken.",
    body: "## About this ritual\n\nSalt has guarded thresholds in many traditions. This working asks for nothing but care and attention, and suits a beginner.\n\n## Afterwards\n\nSweep the salt out of the door the next morning and let the candle burn down safely or snuff it (never blow it out).",
    isPremium: false,
    chapters: [],
    materials: "Coarse salt\nA white candle\nMatches\nA small dish",
    timing: "At dusk, best on a Saturday or at the waning moon.",
    steps: [
      {
        title: "Clean the threshold",
        minutes: 5,
        text: "Sweep the entrance of your home and wipe the doorstep.",
      },
      {
        title: "Lay the salt",
        minutes: 2,
        text: "Pour a thin unbroken line of salt across the inside of the threshold, from one side to the other.",
      },
      {
        title: "Light the candle",
        minutes: 1,
        text: "Set the candle on the dish near the door and light it.",
      },
      {
        title: "Speak the charge",
        minutes: 2,
        text: "Say: 'What means harm stays outside; what brings good is welcome.' Repeat it three times.",
      },
      {
        title: "Keep watch",
        minutes: 10,
        text: "Sit with the candle for a while in silence before you leave it.",
      },
    ],
  },
  {
    type: "ritual",
    slug: "ritual-new-moon-intention",
    title: "New moon intention",
    category: "Lunar work",
    summary:
      "Set one clear intention at the new moon, write it, charge it and keep it until the full moon.",
    body: "## About this ritual\n\nThe new moon is a beginning. The ritual is deliberately plain: one intention, stated so that you would recognise it fulfilled.",
    isPremium: true,
    chapters: [],
    materials: "Paper and pen\nA candle\nA small bowl of water",
    timing: "Within a day of the new moon, after dark.",
    steps: [
      {
        title: "Quiet the room",
        minutes: 3,
        text: "Turn off screens, dim the lights and light the candle.",
      },
      {
        title: "Write the intention",
        minutes: 5,
        text: "Write one intention in the present tense, as if already true, in a single sentence.",
      },
      {
        title: "Charge it",
        minutes: 3,
        text: "Hold the paper over the bowl of water and read the sentence aloud three times.",
      },
      {
        title: "Keep it",
        minutes: 1,
        text: "Fold the paper towards you and keep it under the candle's dish until the full moon.",
      },
    ],
  },
  {
    type: "ritual",
    slug: "ritual-smoke-cleansing-of-a-room",
    title: "Smoke cleansing of a room",
    category: "Cleansing",
    summary:
      "Clear a room's stale atmosphere with the smoke of dried herbs, moving from the back of the room to its door.",
    body: "## About this ritual\n\nOpen a window before you begin: the smoke carries out what it gathers. Use herbs grown or bought responsibly.",
    isPremium: false,
    chapters: [],
    materials: "Dried rosemary or garden sage\nA heat-proof bowl\nA feather or a fan\nMatches",
    timing: "Whenever a room feels heavy; mornings are traditional.",
    steps: [
      {
        title: "Open the window",
        minutes: 1,
        text: "Open a window or the door the smoke will leave by.",
      },
      {
        title: "Light the herbs",
        minutes: 1,
        text: "Light the herbs in the bowl and blow out the flame so that they smoulder.",
      },
      {
        title: "Walk the room",
        minutes: 5,
        text: "Walk slowly along the walls from the far corner towards the open window, fanning the smoke into corners.",
      },
      {
        title: "Close",
        minutes: 1,
        text: "Put out the herbs in the bowl, close the window and say what the room is for now.",
      },
    ],
  },
];
