/*
 * The demo community's book (first start with demo content, app/db/seed.server.ts): a short free
 * book by a premium demo member, so a new site shows Book Forge with something to read, review
 * and discuss. Original text written for the demo.
 */

export const DEMO_BOOK = {
  /** The demo member who writes it (a lifetime member in DEMO_MEMBERS). */
  author: "amara@demo.sanctuary.local",
  title: "Wax, Wick and Intention",
  subtitle: "A candle maker's notebook for first rituals",
  description:
    "Three short chapters from a working candle maker: choosing wax and wick, dressing a candle with oils and herbs, and keeping a simple record of what each flame taught you. Free for every member.",
  category: "Candle magic",
  tags: ["candles", "ritual", "beginners"],
  chapters: [
    {
      title: "The Workbench",
      body: `Every candle I have poured began with a mess: a pot of wax on the stove, wicks tangled in a jar, and a notebook stained with lavender oil. This book is that notebook, tidied just enough to share.

## Wax

Soy wax is forgiving. It melts low, pours easily and holds scent well, which makes it the kind friend of a first attempt. Beeswax burns longer and brighter and smells faintly of honey without any help from you; it asks a little more patience, because it sets quickly and cracks if it cools too fast.

## Wick

A wick that is too thin drowns in its own pool; one that is too thick smokes and soots the glass. Start with the size your supplier suggests for the width of your jar, light a test candle, and watch the first hour. The melt pool should reach the edge of the jar in about that time.

## Intention

Before the wax melts, I write one line in the notebook: *what this candle is for*. Not a spell yet, only a sentence. The rest of the work gathers around it.`,
    },
    {
      title: "Dressing the Candle",
      body: `To dress a candle is to prepare it by hand for its purpose. Nothing here needs to be bought from a specialist; a kitchen and a garden will do.

1. **Cleanse it.** Wipe the candle with a soft cloth, or pass it through the smoke of rosemary. The aim is to begin with something that carries no one else's day.
2. **Anoint it.** A drop of olive oil, perhaps with a little lavender, rubbed from the middle towards the ends when you want to send something out, from the ends towards the middle when you want to draw something in.
3. **Roll it.** Dried herbs crushed fine (rosemary for remembrance, chamomile for rest, cinnamon for warmth) cling to the oil. Use a pinch; too much catches fire.
4. **Name it.** Say your line from the notebook aloud, once, plainly.

Keep a bowl of sand nearby and never leave a dressed candle burning alone. Herbs and oil make a livelier flame than plain wax.`,
    },
    {
      title: "What the Flame Taught Me",
      body: `The last page of each entry in my notebook is the same three questions:

- *How did it burn?* Steady, fast, guttering, tunnelling down one side.
- *What was I thinking about while it burned?*
- *What changed in the week after?*

I do not read the flame as a verdict. A draught from the window explains a lot of dancing. But over months the notes begin to speak to each other: the candles I poured in a hurry burned in a hurry; the ones I dressed slowly I remember best.

That is the whole secret I have to offer. Make the candle with care, write down what happened, and come back to your notes. The practice is in the returning.`,
    },
  ],
} as const;
