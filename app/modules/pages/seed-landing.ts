import type { LandingContent } from "./landing";

/**
 * The landing pages every database starts with (decision 047): honest starter texts an admin
 * rewrites on /admin/pages. They promise nothing the product does not do and state no figures:
 * the figures and the comparison table under them come from the database. Calls to action lead
 * to screens, never to one item (an item may be renamed or hidden).
 */
export interface SeedLanding {
  slug: string;
  title: string;
  landing: LandingContent;
}

export const SEED_LANDINGS: SeedLanding[] = [
  {
    slug: "free-courses",
    title: "Free courses",
    landing: {
      subtitle:
        "Start learning without paying anything: the free courses of the Sanctuary Academy are open to every member with a free account.",
      sections: [
        {
          heading: "Learn at your own pace",
          body: "Each course is a series of short lessons you take in order. Your progress is saved, so you can stop after one lesson and pick up where you left off next week.\n\nSome courses end with a short quiz, so you can check what you have understood before moving on.",
        },
        {
          heading: "Who the free courses are for",
          body: "- **Beginners** who want a careful introduction before they practise anything.\n- **Returning practitioners** who want to refresh the foundations.\n- **Anyone curious** about how a course on Sanctuary works before choosing full membership.",
        },
        {
          heading: "Questions while you learn",
          body: "Learning is easier with others. Ask about a lesson in the [discussions](/discussions), where members and teachers answer, and compare notes with people who are taking the same course.",
        },
      ],
      ctas: [
        { label: "Browse the academy", path: "/academy" },
        { label: "Create a free account", path: "/auth" },
      ],
      comparison: true,
    },
  },
  {
    slug: "tutorials-landing",
    title: "Tutorials",
    landing: {
      subtitle:
        "Practical, step-by-step guides to practices, tools and traditions, written and recorded by members of the community.",
      sections: [
        {
          heading: "Step by step",
          body: "A tutorial shows one thing and shows it completely: what you need, what to do in which order and what to watch out for. Where a practice carries a physical or emotional risk, the tutorial says so first.",
        },
        {
          heading: "Videos and courses",
          body: "Short demonstrations are in the video library. When a subject needs more than one lesson, the academy teaches it as a course with quizzes along the way.",
        },
        {
          heading: "Ask the community",
          body: "Stuck on a step? Ask in the [discussions](/discussions). Members who have done it before are usually glad to help.",
        },
      ],
      ctas: [
        { label: "See all tutorials", path: "/tutorials" },
        { label: "Join Sanctuary", path: "/subscription" },
      ],
      comparison: true,
    },
  },
  {
    slug: "tutorials",
    title: "All tutorials",
    landing: {
      subtitle:
        "Where to find every guide on Sanctuary: videos for quick demonstrations, courses for deeper study, and the community for everything else.",
      sections: [
        {
          heading: "Video tutorials",
          body: "The video library holds demonstrations recorded by members and teachers. Search it by title or tag, and follow a tag to hear when a new video about it is published.",
        },
        {
          heading: "Courses",
          body: "The academy groups lessons into courses by level, from first steps to advanced work. Free courses are open to every member.",
        },
        {
          heading: "Using Sanctuary itself",
          body: "New here? The [help center](/help) explains your profile, discussions, messages and membership, and the [frequently asked questions](/faq) answer the most common questions.",
        },
      ],
      ctas: [
        { label: "Open the video library", path: "/videos" },
        { label: "Browse the academy", path: "/academy" },
      ],
      comparison: false,
    },
  },
  {
    slug: "archangels-landing",
    title: "Working with the archangels",
    landing: {
      subtitle:
        "Study the archangels across traditions with members who have worked with them for years, and build a practice of your own at a careful pace.",
      sections: [
        {
          heading: "Many traditions, one conversation",
          body: "Michael, Gabriel, Raphael and Uriel appear in Jewish, Christian and Islamic writings and in later ceremonial magic, and each tradition describes them differently. Sanctuary is a place to compare these sources honestly and to keep personal experience and established fact apart.",
        },
        {
          heading: "Practise with others",
          body: "Share your prayers, meditations and journals in the [discussions](/discussions), or practise regularly in a small private circle with its own posts and events.",
        },
        {
          heading: "A word of care",
          body: "Spiritual work can be intense. Go slowly, look after yourself and read the [community guidelines](/help/guidelines). Nothing on Sanctuary is medical or psychological advice.",
        },
      ],
      ctas: [
        { label: "Read the discussions", path: "/discussions" },
        { label: "Find a coven", path: "/covens" },
        { label: "Become a full member", path: "/subscription" },
      ],
      comparison: false,
    },
  },
  {
    slug: "ankh-ta-duat",
    title: "Ankh Ta Duat",
    landing: {
      subtitle:
        "Explore the symbols, texts and practices of ancient Egypt: the ankh of life, the land of Egypt and the Duat, the realm the dead travelled through.",
      sections: [
        {
          heading: "Sources first",
          body: "What we know of Egyptian religion comes from temple inscriptions, the Pyramid and Coffin Texts and the Book of the Dead. Members share translations, readings and commentary, and say clearly where modern practice departs from the ancient record.",
        },
        {
          heading: "Study together",
          body: "Ask questions and share what you are reading in the [discussions](/discussions). Courses on the subject are in the academy as teachers publish them.",
        },
        {
          heading: "Respect for a living heritage",
          body: "Egypt's heritage belongs to real people and places. Cite your sources, credit translators and treat the traditions of others with respect.",
        },
      ],
      ctas: [
        { label: "Join the conversation", path: "/discussions" },
        { label: "Browse the academy", path: "/academy" },
      ],
      comparison: false,
    },
  },
  {
    slug: "sacred-oils",
    title: "Sacred oils",
    landing: {
      subtitle:
        "Anointing oils in ritual and devotion: their history, how practitioners prepare and use them, and how to do so safely.",
      sections: [
        {
          heading: "An ancient practice",
          body: "Oils have been used to anoint people, candles and objects in many traditions, from the holy anointing oil of Exodus to the oil lamps of temples. Members share recipes, correspondences and the reasoning behind them.",
        },
        {
          heading: "Safety before everything",
          body: "Essential oils are strong. Dilute them in a carrier oil, test a small patch of skin first, keep them away from eyes, children and pets, and never swallow them. If you are pregnant, have a skin condition or take medication, ask a doctor first. Nothing here is medical advice.",
        },
        {
          heading: "Learn and share",
          body: "Ask about blends, sourcing and storage in the [discussions](/discussions), and look for lessons on ritual preparation in the academy.",
        },
      ],
      ctas: [
        { label: "Ask the community", path: "/discussions" },
        { label: "Browse the academy", path: "/academy" },
      ],
      comparison: false,
    },
  },
];
