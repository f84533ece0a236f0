/**
 * Words the generated community is written with. Text is assembled in SQL from these lists
 * (sentence templates with slots), so posts read like forum posts and full-text search meets a
 * realistic spread: a topic phrase matches a few per cent of the posts, not all or none.
 * ASCII only, so the SQL slug expression matches the app's slugify for every generated name.
 */

export const FIRST_NAMES = [
  "Ada", "Aiden", "Alma", "Amara", "Anouk", "Arlo", "Astrid", "Aurora", "Bastian", "Beatrix",
  "Bram", "Brigid", "Caius", "Calla", "Cassia", "Cedric", "Celeste", "Cormac", "Dahlia", "Dante",
  "Delphine", "Dorian", "Elara", "Elias", "Elodie", "Emrys", "Esme", "Ezra", "Fable", "Faye",
  "Felix", "Fern", "Freya", "Gideon", "Greta", "Hazel", "Helios", "Ines", "Iris", "Isolde",
  "Ivo", "Jasper", "Juno", "Kai", "Kenji", "Kiran", "Lark", "Layla", "Leander", "Lior",
  "Luna", "Lyra", "Magnus", "Maren", "Marlowe", "Mira", "Morgan", "Nadia", "Niamh", "Nico",
  "Noor", "Odile", "Olin", "Ophelia", "Orion", "Pax", "Perrin", "Phoebe", "Quill", "Rafael",
  "Raven", "Rhea", "Rowan", "Sable", "Sage", "Selene", "Senna", "Silas", "Solene", "Soren",
  "Tamsin", "Thea", "Theo", "Tobias", "Una", "Vale", "Vesper", "Viggo", "Willa", "Wren",
  "Xanthe", "Yara", "Yusuf", "Zadie", "Zara", "Zephyr", "Ilse", "Oona", "Ansel", "Briar",
];

export const LAST_NAMES = [
  "Ashgrove", "Blackthorn", "Brightwater", "Cinderfell", "Duskwood", "Elderwick", "Fairweather",
  "Greenleaf", "Hollowell", "Ironwood", "Larkspur", "Moonfield", "Nightbloom", "Oakheart",
  "Ravenscroft", "Silverbirch", "Starling", "Stormcrow", "Thistledown", "Umberfield", "Vale",
  "Whitlock", "Wildersmith", "Yarrow",
];

/**
 * Topic phrases: titles and sentences are built around them; search terms come from them too.
 * Picked with a skew (the first ones most often), as real communities have a few big subjects
 * and a long tail, so a search meets anything from thousands of matches to a few dozen.
 */
export const TOPICS = [
  "tarot reading", "crystal healing", "full moon ritual", "new moon intentions", "astral projection",
  "chakra alignment", "lucid dreaming", "energy cleansing", "protection spells", "candle magic",
  "herbal remedies", "rune casting", "pendulum work", "sacred geometry", "moon water",
  "shadow work", "guided meditation", "ancestor work", "dream journal", "sigil crafting",
  "numerology chart", "birth chart", "oracle cards", "smoke cleansing", "sound healing",
  "breathwork practice", "kitchen witchcraft", "grimoire keeping", "scrying mirror", "tea leaf reading",
  "planetary hours", "spirit guides", "altar setup", "seasonal festivals", "hermetic principles",
  "reiki sessions", "aura reading", "mercury retrograde", "celtic cross spread", "daily grounding",
  "palm reading", "crystal grids", "wheel of the year", "solar return", "house blessing",
  "flower essences", "automatic writing", "color magic", "knot magic", "candle gazing",
  "forest bathing", "animal totems", "past life regression", "yoga nidra", "mantra chanting",
  "mala beads", "rising sign", "lunar nodes", "chaos magic", "ceremonial magic",
  "alchemy texts", "kabbalah study", "tree of life", "druid traditions", "deity work",
  "dream incubation", "psychic protection", "third eye meditation", "kundalini awakening", "i ching",
  "bone reading", "salt baths", "tea rituals", "storm water", "threshold magic",
];

export const TITLE_OPENERS = [
  "Questions about", "My experience with", "A beginner's guide to", "Help with", "Thoughts on",
  "A month of", "Struggling with", "Tips for", "What I learned from", "Getting started with",
  "Journal notes on", "Common mistakes in", "Resources for", "Is anyone else into", "Deepening my",
];

export const TITLE_ENDINGS = [
  "", "", "", " for beginners", " at home", " on a budget", " after a long break", " with a partner",
  " during a busy week", " in a small flat", "?", " - advice welcome", " (long post)", " this winter",
];

/** Sentence templates; {topic}, {object}, {span}, {feeling} and {place} are filled from the lists below. */
export const SENTENCES = [
  "I have been practising {topic} for {span} and it has changed how I start my mornings.",
  "Does anyone have advice on {topic} when you only have ten minutes a day?",
  "My teacher suggested keeping my {object} nearby during {topic}, and it really helped.",
  "After {span} of {topic} I feel {feeling}, which surprised me.",
  "The first time I tried {topic} {place} I was {feeling} but curious.",
  "I keep notes on {topic} in a small notebook next to my {object}.",
  "Some people say {topic} needs the right {object}, but I think intention matters more.",
  "What books would you recommend for someone new to {topic}?",
  "Pairing {topic} with my {object} has worked well for me.",
  "I felt {feeling} the last time I tried {topic} {place}.",
  "Please be gentle, this is my first post about {topic}.",
  "Cleansing my {object} before {topic} made a noticeable difference.",
  "Has anyone tried {topic} {place}? I would love to hear how it went.",
  "For {span} I doubted {topic}, and now it is part of my weekly practice.",
  "A friend gave me her old {object} and I finally started with {topic}.",
  "The hardest part of {topic} for me is staying patient.",
  "I recorded every session of {topic} for {span} and noticed clear patterns.",
  "Honestly, {topic} left me {feeling} at first.",
  "Thank you all for the kind replies about {topic}.",
  "My {object} sits on the windowsill, ready for {topic} on the weekend.",
];

export const OBJECTS = [
  "amethyst", "rose quartz", "black tourmaline", "selenite wand", "tarot deck", "beeswax candle",
  "singing bowl", "bundle of sage", "brass pendulum", "moonstone", "clear quartz point",
  "leather journal", "rune set", "incense holder", "copper bowl", "altar cloth", "obsidian mirror",
  "jar of moon water", "deck of oracle cards", "sprig of rosemary",
];

export const SPANS = [
  "a week", "two weeks", "a month", "three months", "half a year", "a year", "two years",
  "five years", "most of my life", "a full moon cycle",
];

export const FEELINGS = [
  "calm", "grounded", "a bit overwhelmed", "lighter", "unusually focused", "sceptical", "hopeful",
  "drained", "energised", "deeply peaceful", "restless", "grateful",
];

export const PLACES = [
  "outdoors", "at home", "in the garden", "by the sea", "in the forest", "on a train",
  "before sunrise", "after midnight", "in a group", "on my balcony",
];

/** Short openers that make comments read like replies. */
export const REPLY_OPENERS = [
  "Thank you for sharing this.", "Great question!", "Same here.", "This resonates with me.",
  "I had a similar experience.", "Welcome to the community!", "Interesting point.",
  "I respectfully disagree.", "Saving this for later.", "Beautifully put.",
];

export const BIOS = [
  "", "", "", "Tarot reader and tea drinker.", "Learning something new every full moon.",
  "Meditation teacher in training.", "Herbalist, gardener and occasional poet.",
  "Still finding my path, happy to be here.", "Astrology nerd with a soft spot for Saturn.",
  "Crystal collector since childhood.",
];

/** Search terms for the benchmark: two or three words, as members type them. */
export const SEARCH_TERMS = [
  "tarot reading", "crystal healing", "full moon ritual", "astral projection", "lucid dreaming",
  "protection spells", "candle magic", "shadow work", "celtic cross spread", "rose quartz",
  "herbal remedies garden", "guided meditation calm",
];
