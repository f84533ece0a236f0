// Run by scripts/e2e-server.mjs before the server starts (the embedded database has one user at a
// time): the demo community, as the server would seed it on start, and one discussion long enough
// to have three pages of comments, for tests/e2e/thread-paging.spec.ts. Written straight to the
// database like the demo threads: posting 120 comments through the site would meet its rate limits.
import { db } from "#app/db/client.server";
import { firstRow } from "#app/db/rows";
import { seedIfEmpty } from "#app/db/seed.server";
import { findUserIdByEmail } from "#app/modules/auth/index.server";
import { startJobs, stopJobs } from "#app/modules/events/index.server";
import { comments, posts } from "#app/modules/discussions/schema";
import { config } from "#app/lib/config.server";
import { openConfiguredDatabase } from "#server/database";
import { LONG_THREAD } from "./long-thread";
import { covenEvents } from "#app/modules/coven-events/schema";
import { E2E_EVENT } from "./coven-event";
import { insertCourse } from "#app/modules/academy/index.server";
import { QUIZ_COURSE } from "./quiz-course";
import { MEDIA_COURSE } from "./media-course";

const opened = await openConfiguredDatabase(config());
// Send-only: the demo accounts emit `member.joined`, whose jobs the server runs once it starts.
await startJobs(opened.database, { work: false });
try {
  await seedIfEmpty({ demo: config().SEED_DEMO });
  const ids = await Promise.all(
    [LONG_THREAD.postAuthor, ...LONG_THREAD.commenters, LONG_THREAD.premiumAuthor].map(
      findUserIdByEmail,
    ),
  );
  const [postAuthor, ...others] = ids.filter((id) => id !== undefined);
  const premium = others.pop();
  if (!postAuthor || !premium || others.length + 2 !== ids.length)
    throw new Error("The long thread's authors do not exist (demo members and the e2e accounts).");
  // Older than every other discussion, so it never tops a list another spec looks at.
  const start = Date.now() - 90 * 24 * 3600 * 1000;
  const minute = 60 * 1000;
  const total = LONG_THREAD.topLevel + LONG_THREAD.repliedTo.length;
  const post = firstRow(
    await db()
      .insert(posts)
      .values({
        title: LONG_THREAD.title,
        slug: LONG_THREAD.slug,
        content:
          "Every month I write one line under the full moon. What do your notes say? Add yours below.",
        category: "general-discussion",
        userId: postAuthor,
        replyCount: total,
        createdAt: new Date(start),
        lastActivityAt: new Date(start + (total + 1) * minute),
      })
      .returning({ id: posts.id }),
    "the long thread",
  );
  for (let n = 1; n <= LONG_THREAD.topLevel; n++) {
    const userId = n === LONG_THREAD.premiumNote ? premium : others[n % others.length]!;
    const root = firstRow(
      await db()
        .insert(comments)
        .values({
          postId: post.id,
          userId,
          content: LONG_THREAD.note(n),
          createdAt: new Date(start + n * minute),
        })
        .returning({ id: comments.id }),
      "a long-thread comment",
    );
    if (LONG_THREAD.repliedTo.includes(n)) {
      await db()
        .insert(comments)
        .values({
          postId: post.id,
          parentId: root.id,
          userId: postAuthor,
          content: LONG_THREAD.reply(n),
          createdAt: new Date(start + (LONG_THREAD.topLevel + n) * minute),
        });
    }
  }
  console.log(`Seeded the long thread "${LONG_THREAD.title}" with ${total} comments.`);
  // A site-wide event with one seat, hosted by the e2e admin (tests/e2e/coven-events.spec.ts),
  // written straight to the table as createEvent would (the rrule package does not load here).
  const adminId = await findUserIdByEmail("admin@e2e.test");
  if (!adminId) throw new Error("The e2e admin does not exist.");
  const eventStart = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 5 * 86_400_000);
  const eventEnd = new Date(eventStart.getTime() + 2 * 3_600_000);
  await db()
    .insert(covenEvents)
    .values({
      uid: `${crypto.randomUUID()}@sanctuary`,
      title: E2E_EVENT.title,
      description: "We meet online under the **full moon**. Bring a candle.",
      descriptionHtml:
        "<p>We meet online under the <strong>full moon</strong>. Bring a candle.</p>",
      startAt: eventStart,
      endAt: eventEnd,
      timeZone: "Europe/Berlin",
      rrule: null,
      seriesEndAt: eventEnd,
      onlineUrl: E2E_EVENT.onlineUrl,
      place: null,
      capacity: E2E_EVENT.capacity,
      coverUrl: null,
      covenId: null,
      visibility: "public",
      createdBy: adminId,
    });
  // A course to build quizzes on (tests/e2e/academy-quiz.spec.ts); published long ago, so it never
  // tops the latest courses other specs look at.
  await db().transaction((tx) =>
    insertCourse(tx, QUIZ_COURSE, {
      categoryId: null,
      instructorId: adminId,
      publishedAt: new Date(start),
    }),
  );
  // A premium course to attach lesson media to (tests/e2e/lesson-media.spec.ts).
  await db().transaction((tx) =>
    insertCourse(tx, MEDIA_COURSE, {
      categoryId: null,
      instructorId: adminId,
      publishedAt: new Date(start),
    }),
  );
} finally {
  await stopJobs();
  await opened.close();
}
