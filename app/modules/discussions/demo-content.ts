import type { MysticalRank } from "#app/modules/profiles";
import type { Tier } from "#app/modules/memberships";

/** Categories a new community starts with; general-discussion is the default free one (SPEC §6). */
export const DEMO_CATEGORIES = [
  {
    slug: "general-discussion",
    title: "General Discussion",
    description: "Introduce yourself and talk about anything on your path.",
    displayOrder: 1,
    mysticalTheme: "moon",
  },
  {
    slug: "beginners-circle",
    title: "Beginners' Circle",
    description: "No question is too small: first steps, first tools, first practices.",
    displayOrder: 2,
    mysticalTheme: "seedling",
  },
  {
    slug: "tarot-and-divination",
    title: "Tarot & Divination",
    description: "Spreads, readings, pendulums, runes and other ways of asking.",
    displayOrder: 3,
    mysticalTheme: "cards",
  },
  {
    slug: "meditation-and-energy",
    title: "Meditation & Energy Work",
    description: "Breath, chakras, grounding, shielding and daily practice.",
    displayOrder: 4,
    mysticalTheme: "lotus",
  },
  {
    slug: "ritual-and-ceremony",
    title: "Ritual & Ceremony",
    description: "Designing, preparing and reflecting on ritual work.",
    displayOrder: 5,
    mysticalTheme: "candle",
  },
  {
    slug: "inner-sanctum",
    title: "Inner Sanctum",
    description: "Advanced practice and grimoire study for full members.",
    displayOrder: 6,
    mysticalTheme: "key",
    subscriptionTierRequired: "full",
  },
  {
    slug: "announcements",
    title: "Announcements",
    description: "News from the Sanctuary team.",
    displayOrder: 0,
    mysticalTheme: "bell",
    isReadOnly: true,
  },
];

export interface DemoMember {
  email: string;
  name: string;
  bio: string;
  rank: MysticalRank;
  xp: number;
  reputation: number;
  badges: string[];
  tier: Tier;
}

export const DEMO_MEMBERS: DemoMember[] = [
  {
    email: "selene@demo.sanctuary.local",
    name: "Selene Ashgrove",
    bio: "Tarot reader for twelve years; I love helping beginners find their first deck.",
    rank: "magus",
    xp: 5480,
    reputation: 812,
    badges: ["first-post", "helpful", "mentor"],
    tier: "full",
  },
  {
    email: "orion@demo.sanctuary.local",
    name: "Orion Vale",
    bio: "Meditation teacher and amateur astronomer.",
    rank: "adept",
    xp: 2310,
    reputation: 344,
    badges: ["first-post", "helpful"],
    tier: "free",
  },
  {
    email: "amara@demo.sanctuary.local",
    name: "Amara Nightbloom",
    bio: "Herbalist, candle maker and keeper of a very messy grimoire.",
    rank: "archon",
    xp: 9120,
    reputation: 1530,
    badges: ["first-post", "helpful", "mentor", "scholar"],
    tier: "lifetime",
  },
  {
    email: "kenji@demo.sanctuary.local",
    name: "Kenji Morita",
    bio: "New to all of this and enjoying every minute.",
    rank: "initiate",
    xp: 140,
    reputation: 12,
    badges: ["first-post"],
    tier: "free",
  },
  {
    email: "layla@demo.sanctuary.local",
    name: "Layla Haddad",
    bio: "Studying the Hermetic tradition and sacred geometry.",
    rank: "adept",
    xp: 1875,
    reputation: 260,
    badges: ["first-post", "scholar"],
    tier: "full",
  },
];

/** Demo discussions: author (by demo e-mail), category, title, body, and replies. */
export const DEMO_POSTS: Array<{
  author: string;
  category: string;
  title: string;
  content: string;
  featured?: boolean;
  replies: Array<{ author: string; content: string; accepted?: boolean }>;
}> = [
  {
    author: "selene@demo.sanctuary.local",
    category: "beginners-circle",
    title: "Choosing your first tarot deck",
    featured: true,
    content:
      "So many of you ask which deck to start with. My honest answer: **the one whose art you want to look at every day**.\n\nA few practical notes:\n\n- The Rider–Waite–Smith imagery is the basis of most guidebooks, which makes learning easier.\n- Smaller decks shuffle more easily in small hands.\n- You do not need to be gifted a deck. Buying your own is fine.\n\nWhat was your first deck, and do you still use it?",
    replies: [
      {
        author: "kenji@demo.sanctuary.local",
        content:
          "I went with a Rider–Waite clone because the guidebook matched it. Three weeks in and I can read simple three-card spreads!",
      },
      {
        author: "amara@demo.sanctuary.local",
        content:
          "My first was a tiny pocket deck. I still carry it when travelling. Agree completely about the art: you will spend hours with those images.",
        accepted: true,
      },
    ],
  },
  {
    author: "orion@demo.sanctuary.local",
    category: "meditation-and-energy",
    title: "A five-minute grounding practice for busy mornings",
    content:
      "Before coffee, before the phone:\n\n1. Stand barefoot and feel the floor.\n2. Breathe in for four, hold for four, out for six.\n3. Imagine roots going down from your soles, as deep as you like.\n4. On each out-breath, let the day's worries drain down the roots.\n\nFive minutes is enough. Consistency matters more than length.",
    replies: [
      {
        author: "layla@demo.sanctuary.local",
        content: "The longer out-breath is the key for me. I add a short intention at the end.",
      },
      {
        author: "kenji@demo.sanctuary.local",
        content: "Trying this tomorrow. Does it work sitting down, on a train?",
      },
      {
        author: "orion@demo.sanctuary.local",
        content:
          "@kenji-morita yes: feel your feet on the train floor and skip the roots imagery if people are close. Breath does most of the work.",
      },
    ],
  },
  {
    author: "amara@demo.sanctuary.local",
    category: "ritual-and-ceremony",
    title: "Keeping a ritual journal that you will actually reread",
    content:
      "After years of messy notebooks, here is the structure that stuck:\n\n> Date, moon phase, intention, what I did, what I felt, what happened in the week after.\n\nThe last line is the important one. Without it you never learn what works for *you*.",
    replies: [
      {
        author: "selene@demo.sanctuary.local",
        content:
          "The week-after line is such a good habit. I started adding a colour for each entry so patterns jump out.",
      },
    ],
  },
  {
    author: "layla@demo.sanctuary.local",
    category: "inner-sanctum",
    title: "Study circle: the seven Hermetic principles",
    content:
      "For full members who want to study together: one principle a week, starting with **Mentalism**. Read the chapter, bring one question and one experience from your own practice.",
    replies: [
      {
        author: "selene@demo.sanctuary.local",
        content: "Count me in. Correspondence is the one I keep returning to.",
      },
    ],
  },
  {
    author: "kenji@demo.sanctuary.local",
    category: "general-discussion",
    title: "Hello from Osaka!",
    content:
      "New here and slightly nervous. I found this place through a friend. Interested in tarot and meditation. Thank you for having me.",
    replies: [
      {
        author: "orion@demo.sanctuary.local",
        content:
          "Welcome Kenji! Nothing to be nervous about. The Beginners' Circle is a good place to start.",
      },
      {
        author: "amara@demo.sanctuary.local",
        content: "Welcome! Ask anything, there are no silly questions here.",
      },
    ],
  },
];
