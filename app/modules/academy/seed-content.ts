import type { CourseLevel, QuestionKind } from "./policy";

/*
 * The Academy's starter catalogue, written for this product (authored content, in English like
 * the seeded pages). Added once, on a first start with no academy categories; admins edit or
 * unpublish it like any course.
 */

export interface SeedQuestion {
  prompt: string;
  kind: QuestionKind;
  explanation: string;
  options: Array<{ label: string; correct?: boolean }>;
}

export interface SeedLesson {
  slug: string;
  title: string;
  minutes: number;
  requiresPrevious?: boolean;
  body: string;
  quiz?: { passPercent: number; questions: SeedQuestion[] };
}

export interface SeedCourse {
  slug: string;
  title: string;
  summary: string;
  description: string;
  level: CourseLevel;
  category: string;
  isPremium: boolean;
  isFeatured: boolean;
  modules: Array<{ title: string; lessons: SeedLesson[] }>;
}

export const SEED_CATEGORIES = [
  { title: "Meditation", slug: "meditation", displayOrder: 1 },
  { title: "Tarot", slug: "tarot", displayOrder: 2 },
  { title: "Ritual Practice", slug: "ritual-practice", displayOrder: 3 },
  { title: "Energy Work", slug: "energy-work", displayOrder: 4 },
] as const;

export const SEED_COURSES: SeedCourse[] = [
  {
    slug: "meditation-foundations",
    title: "Meditation Foundations",
    summary: "A calm, practical start: posture, breath and a five-minute daily sitting.",
    description: `Meditation is training attention. This short course gives you a posture you can hold,
a way of working with the breath, and a plan for practising five minutes a day.

No belief is required and nothing here replaces medical or psychological care. If sitting with
your breath brings up distress, stop, open your eyes and return another day, or speak with a
professional.`,
    level: "beginner",
    category: "meditation",
    isPremium: false,
    isFeatured: true,
    modules: [
      {
        title: "Getting started",
        lessons: [
          {
            slug: "why-meditate",
            title: "What meditation is (and is not)",
            minutes: 4,
            body: `Meditation is the practice of placing attention on something on purpose, noticing when
it wanders, and bringing it back without judging yourself. That *returning* is the exercise, in
the way a lifted weight is the exercise for a muscle.

It is **not** emptying the mind. Thoughts will come; everyone's do. A session full of wandering
and returning is a good session.

What regular practice commonly helps with:

- noticing thoughts and feelings before acting on them;
- settling the body when it is tense;
- a steadier attention for study, ritual or reading the cards.

Start small. Five minutes done every day does more than an hour done once a month.`,
          },
          {
            slug: "posture",
            title: "A posture you can keep",
            minutes: 5,
            requiresPrevious: true,
            body: `Any posture that is **upright, stable and relaxed** works. You do not need to sit on the
floor.

1. Sit on a chair with both feet flat, or on a cushion with your knees lower than your hips.
2. Let the spine rise gently, as if a thread lifted the crown of your head.
3. Rest your hands on your thighs or in your lap.
4. Soften the shoulders, jaw and the muscles around the eyes.
5. Close your eyes, or let your gaze rest on the floor a metre ahead.

If something hurts, move. Stillness is useful only when it is comfortable enough to forget about.`,
          },
        ],
      },
      {
        title: "The breath",
        lessons: [
          {
            slug: "breath-anchor",
            title: "The breath as an anchor",
            minutes: 6,
            requiresPrevious: true,
            body: `Choose one place where you feel breathing clearly: the nostrils, the chest or the belly.
Rest your attention there.

- Do not control the breath; just feel it.
- Silently count each out-breath from one to ten, then start again at one.
- When you notice you have lost count or drifted into a thought, note "thinking" and return to one.

**Practice:** set a timer for five minutes and count breaths. Afterwards, write one line about
how it went. Over a week these notes show your practice growing.`,
          },
          {
            slug: "daily-practice",
            title: "Building a daily practice",
            minutes: 4,
            requiresPrevious: true,
            body: `A habit grows from a small, fixed cue.

- **Same time, same place:** after brushing your teeth, before opening your phone.
- **Five minutes:** long enough to practise, short enough never to skip.
- **Missed a day?** Sit the next day. A streak is a tool, not a test.

After two weeks, try ten minutes if five feel easy.`,
          },
          {
            slug: "foundations-quiz",
            title: "Check your understanding",
            minutes: 3,
            requiresPrevious: true,
            body: "Answer the questions below. You need 70% to pass, and you may try as often as you like.",
            quiz: {
              passPercent: 70,
              questions: [
                {
                  prompt: "What is the core exercise of breath meditation?",
                  kind: "single",
                  explanation:
                    "Wandering is expected; noticing it and returning to the breath is the training.",
                  options: [
                    { label: "Keeping the mind completely empty" },
                    {
                      label: "Noticing when attention wanders and gently bringing it back",
                      correct: true,
                    },
                    { label: "Breathing as slowly as possible" },
                  ],
                },
                {
                  prompt:
                    "Which of these describe a good meditation posture? (Choose all that apply.)",
                  kind: "multiple",
                  explanation:
                    "Upright, stable and relaxed is the rule; a chair works as well as the floor.",
                  options: [
                    { label: "Upright and stable", correct: true },
                    { label: "Relaxed shoulders and jaw", correct: true },
                    { label: "Cross-legged on the floor is required" },
                  ],
                },
                {
                  prompt: "How long does this course suggest practising each day to begin with?",
                  kind: "single",
                  explanation:
                    "Five minutes a day is long enough to practise and short enough to keep.",
                  options: [
                    { label: "Five minutes", correct: true },
                    { label: "One hour" },
                    { label: "Only when you feel like it" },
                  ],
                },
              ],
            },
          },
        ],
      },
    ],
  },
  {
    slug: "tarot-basics",
    title: "Tarot Basics",
    summary: "How a deck is built, how to read a card, and your first three-card spread.",
    description: `A practical introduction to the tarot as a tool for reflection. You will learn how a
standard 78-card deck is organised, how to read a card's imagery and keywords, and how to lay and
read a simple three-card spread.

The tarot in this course is a language of symbols for thinking about a situation, not a promise
about the future.`,
    level: "beginner",
    category: "tarot",
    isPremium: false,
    isFeatured: true,
    modules: [
      {
        title: "The deck",
        lessons: [
          {
            slug: "structure-of-the-deck",
            title: "How the deck is built",
            minutes: 6,
            body: `A standard tarot deck (such as the widely used Rider–Waite–Smith) has **78 cards**:

- **22 Major Arcana**, numbered 0 (The Fool) to 21 (The World). They are often read as large themes
  or turning points.
- **56 Minor Arcana** in four suits of 14 cards: Ace to Ten and four court cards (Page, Knight,
  Queen, King).

The suits and their traditional associations:

| Suit | Element | Themes |
|---|---|---|
| Wands | Fire | drive, creativity, work |
| Cups | Water | feelings, relationships |
| Swords | Air | thought, conflict, truth |
| Pentacles | Earth | body, money, the material |

Some older decks call Pentacles "Coins" and Wands "Batons" or "Staves".`,
          },
          {
            slug: "reading-a-card",
            title: "Reading a single card",
            minutes: 7,
            requiresPrevious: true,
            body: `Before looking up a meaning, look at the card.

1. **Describe** what you see: figures, colours, the direction people face, the weather.
2. **Feel**: what mood does the picture give you?
3. **Connect** with the suit and number: a Five in the minor suits often shows difficulty or
   change; a Ten, a cycle reaching its end.
4. **Only then** read a guidebook's keywords and compare.

Try it with the Three of Cups: three figures raise their cups together in a harvest scene — a
card commonly read as friendship, celebration and community.

Reversed cards (drawn upside down) are optional. Many readers ignore reversals while learning.`,
          },
        ],
      },
      {
        title: "Your first spread",
        lessons: [
          {
            slug: "three-card-spread",
            title: "The three-card spread",
            minutes: 8,
            requiresPrevious: true,
            body: `Shuffle while thinking of an open question ("What should I understand about…?" works
better than yes/no). Lay three cards left to right:

1. **Situation** — what is happening now.
2. **Challenge** — what stands in the way or asks for attention.
3. **Advice** — a direction to consider.

Read each card on its own first, then read them as a story: how does the first lead to the
third? Write the spread and your reading in a journal; reading it again a month later teaches
more than any book.`,
          },
          {
            slug: "tarot-basics-quiz",
            title: "Quiz: tarot basics",
            minutes: 3,
            requiresPrevious: true,
            body: "Check what you learned. You need 70% to pass; retries are unlimited.",
            quiz: {
              passPercent: 70,
              questions: [
                {
                  prompt: "How many cards does a standard tarot deck have?",
                  kind: "single",
                  explanation: "22 Major Arcana plus 56 Minor Arcana make 78 cards.",
                  options: [{ label: "52" }, { label: "78", correct: true }, { label: "22" }],
                },
                {
                  prompt: "Which suit is traditionally linked with the element of water?",
                  kind: "single",
                  explanation: "Cups are water: feelings and relationships.",
                  options: [
                    { label: "Wands" },
                    { label: "Cups", correct: true },
                    { label: "Swords" },
                    { label: "Pentacles" },
                  ],
                },
                {
                  prompt: "Which are court cards? (Choose all that apply.)",
                  kind: "multiple",
                  explanation:
                    "The four court cards of each suit are Page, Knight, Queen and King.",
                  options: [
                    { label: "Page", correct: true },
                    { label: "Queen", correct: true },
                    { label: "The Fool" },
                    { label: "Knight", correct: true },
                  ],
                },
              ],
            },
          },
        ],
      },
    ],
  },
  {
    slug: "tarot-spreads-in-depth",
    title: "Tarot Spreads in Depth",
    summary: "Positions, timing and the Celtic Cross, for readers who know the cards.",
    description: `For readers who know the 78 cards and want to work with larger spreads. You will design
your own positions and read the ten-card Celtic Cross.`,
    level: "intermediate",
    category: "tarot",
    isPremium: true,
    isFeatured: false,
    modules: [
      {
        title: "Designing spreads",
        lessons: [
          {
            slug: "positions",
            title: "Positions give cards their question",
            minutes: 6,
            body: `A spread is a set of questions, one per position. The same card reads differently as
"what helps you" and "what you fear".

To design a spread, write the questions you want answered — three to five are plenty — and give
each a position. Keep the layout the same every time you use it, so your memory of past readings
builds up.`,
          },
          {
            slug: "celtic-cross",
            title: "The Celtic Cross",
            minutes: 10,
            requiresPrevious: true,
            body: `The Celtic Cross, popularised by A. E. Waite's *Pictorial Key to the Tarot* (1910), uses ten
cards. A common modern order:

1. The present situation
2. What crosses it (the challenge), laid across card 1
3. The foundation, below
4. The recent past, to one side
5. What may be possible, above
6. The near future, to the other side
7. Yourself, at the foot of a staff of four cards to the right
8. Your surroundings
9. Hopes and fears
10. The likely outcome if nothing changes

Read the cross (1–6) as the situation, the staff (7–10) as you within it. Position meanings vary
between books; choose one version and keep to it.`,
          },
        ],
      },
    ],
  },
];
