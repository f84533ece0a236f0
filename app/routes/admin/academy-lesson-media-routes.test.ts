import { readFile } from "node:fs/promises";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/client.server";
import { auditLog } from "#app/modules/audit/schema";
import { insertCourse, type SeedCourse } from "#app/modules/academy/index.server";
import { courses, enrollments, lessonFiles, lessons } from "#app/modules/academy/schema";
import { mediaFiles } from "#app/modules/media/schema";
import { deleteLesson } from "#app/modules/academy/index.server";
import { TIERS, type Tier } from "#app/modules/memberships";
import { startTestApp } from "../../../tests/helpers/app";
import { member } from "../../../tests/helpers/community";
import { callRoute } from "../../../tests/helpers/route-call";
import * as mediaRoute from "./academy-lesson-media";
import * as lessonRoute from "../academy/lesson";

/*
 * A lesson's video and downloads (decision 054): the admin page as the framework calls it (admins
 * only, hostile input a 4xx that writes nothing, every change audited), and who receives the
 * bytes through /media/files — exactly whoever may open the lesson, for every tier and role, on
 * a free, a premium and a draft course — with range requests for an allowed viewer.
 */

type Account = Awaited<ReturnType<typeof member>>;
let app: Awaited<ReturnType<typeof startTestApp>>;
let admin: Account;
let otherAdmin: Account;
let free: Account;
let premium: Account;
let outsider: Account;
const ids = { free: "", premium: "", draft: "" };
/** The first lesson of each course, and the second of the free course. */
const lessonOf = { free: "", premium: "", draft: "", freeSecond: "" };
const fixture = (name: string) => readFile(path.resolve("tests/fixtures/media", name));
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n");

function course(slug: string, isPremium: boolean): SeedCourse {
  return {
    slug,
    title: `Course ${slug}`,
    summary: "A course with lesson media.",
    description: "",
    level: "beginner",
    category: "",
    isPremium,
    isFeatured: false,
    modules: [
      {
        title: "Module",
        lessons: ["first", "second"].map((name) => ({
          slug: `${name}-lesson`,
          title: `The ${name} lesson`,
          minutes: 5,
          body: `The ${name} lesson's text.`,
        })),
      },
    ],
  };
}

async function lessonsOf(courseId: string) {
  const rows = await db()
    .select({ id: lessons.id })
    .from(lessons)
    .where(eq(lessons.courseId, courseId))
    .orderBy(asc(lessons.position));
  return rows.map((row) => row.id);
}

async function enrollDirectly(userId: string, courseId: string) {
  await db().insert(enrollments).values({ userId, courseId }).onConflictDoNothing();
}

const b64 = (text: string) => Buffer.from(text).toString("base64");

/** A whole tus upload as `who`; the media file id. */
async function upload(who: Account, bytes: Buffer, purpose: string, filename: string) {
  const created = await app.fetch("/api/uploads", {
    method: "POST",
    headers: {
      "Tus-Resumable": "1.0.0",
      cookie: who.cookie,
      "Upload-Length": String(bytes.length),
      "Upload-Metadata": `purpose ${b64(purpose)},filename ${b64(filename)}`,
    },
  });
  expect(created.status).toBe(201);
  const location = created.headers.get("location")!;
  const done = await app.fetch(location, {
    method: "PATCH",
    headers: {
      "Tus-Resumable": "1.0.0",
      cookie: who.cookie,
      "Content-Type": "application/offset+octet-stream",
      "Upload-Offset": "0",
    },
    body: new Uint8Array(bytes),
  });
  expect(done.status).toBe(204);
  return location.split("/").pop()!;
}

const pathOf = (lessonId: string, courseId: string) =>
  `/admin/academy/courses/${courseId}/lessons/${lessonId}/media`;
const post = (
  fields: Record<string, string>,
  where: { lessonId: string; courseId: string } = {
    lessonId: lessonOf.free,
    courseId: ids.free,
  },
  who: Account | null = admin,
) =>
  callRoute(
    mediaRoute.action,
    pathOf(where.lessonId, where.courseId),
    who?.cookie ?? null,
    { id: where.courseId, lessonId: where.lessonId },
    fields,
  );
const load = (where: { lessonId: string; courseId: string }, who: Account | null = admin) =>
  callRoute(mediaRoute.loader, pathOf(where.lessonId, where.courseId), who?.cookie ?? null, {
    id: where.courseId,
    lessonId: where.lessonId,
  });

const fetchFile = (id: string, who: Account | null, headers: Record<string, string> = {}) =>
  app.fetch(`/media/files/${id}`, {
    headers: { ...headers, ...(who ? { cookie: who.cookie } : {}) },
  });

async function statusOf(id: string, who: Account | null) {
  const response = await fetchFile(id, who);
  await response.body?.cancel();
  return response.status;
}

async function auditActions(lessonId: string) {
  const rows = await db()
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.targetType, "lesson"), eq(auditLog.targetId, lessonId)))
    .orderBy(asc(auditLog.createdAt));
  return rows.map((row) => row.action);
}

/** Media of each course's first lesson: its video and one download. */
const media = {
  free: { video: "", file: "" },
  premium: { video: "", file: "" },
  draft: { video: "", file: "" },
};

beforeAll(async () => {
  app = await startTestApp();
  admin = await member({ role: "admin", name: "Media Admin" });
  otherAdmin = await member({ role: "admin", name: "Other Admin" });
  free = await member({ name: "Free Student" });
  premium = await member({ tier: "full", name: "Premium Student" });
  outsider = await member({ name: "Not Enrolled" });
  const options = { categoryId: null, instructorId: admin.userId };
  ids.free = await db().transaction((tx) => insertCourse(tx, course("media-free", false), options));
  ids.premium = await db().transaction((tx) =>
    insertCourse(tx, course("media-premium", true), options),
  );
  ids.draft = await db().transaction((tx) =>
    insertCourse(tx, course("media-draft", false), options),
  );
  await db().update(courses).set({ status: "draft" }).where(eq(courses.id, ids.draft));
  const [first, second] = await lessonsOf(ids.free);
  lessonOf.free = first!;
  lessonOf.freeSecond = second!;
  lessonOf.premium = (await lessonsOf(ids.premium))[0]!;
  lessonOf.draft = (await lessonsOf(ids.draft))[0]!;
  for (const account of [free, premium]) await enrollDirectly(account.userId, ids.free);
  // A free member enrolled in the premium course (as after a lapsed membership) still may not.
  for (const account of [free, premium]) await enrollDirectly(account.userId, ids.premium);
  for (const account of [free, premium]) await enrollDirectly(account.userId, ids.draft);
}, 120_000);
afterAll(() => app.cleanup());

describe("the lesson media page", () => {
  it("is for admins only", async () => {
    const where = { lessonId: lessonOf.free, courseId: ids.free };
    expect((await load(where, null)).status).toBe(302);
    expect((await load(where, premium)).status).toBe(403);
    expect((await load(where, admin)).status).toBe(200);
    expect((await post({ intent: "video-remove" }, where, null)).status).toBe(302);
    expect((await post({ intent: "video-remove" }, where, premium)).status).toBe(403);
    // Members may not even upload for these purposes.
    const refused = await app.fetch("/api/uploads", {
      method: "POST",
      headers: {
        "Tus-Resumable": "1.0.0",
        cookie: premium.cookie,
        "Upload-Length": "100",
        "Upload-Metadata": `purpose ${b64("lesson-file")},filename ${b64("x.pdf")}`,
      },
    });
    expect(refused.status).toBe(403);
  });

  it("puts a video and downloads on lessons, audited, and lists them", async () => {
    for (const kind of ["free", "premium", "draft"] as const) {
      const where = { lessonId: lessonOf[kind], courseId: ids[kind] };
      media[kind].video = await upload(admin, await fixture("tiny.webm"), "lesson-video", "v.webm");
      const set = await post({ intent: "video-set", mediaFileId: media[kind].video }, where);
      expect(set.status, kind).toBe(200);
      expect(set.body?.toast?.key).toBe("academy.lessonMedia.toasts.videoSet");
      media[kind].file = await upload(admin, PDF, "lesson-file", "notes.pdf");
      const added = await post(
        { intent: "file-add", mediaFileId: media[kind].file, title: "" },
        where,
      );
      expect(added.status, kind).toBe(200);
    }
    const page = await load({ lessonId: lessonOf.free, courseId: ids.free });
    const data = page.data as Awaited<ReturnType<typeof mediaRoute.loader>>;
    expect(data.video?.url).toBe(`/media/files/${media.free.video}`);
    expect(data.files).toHaveLength(1);
    // An empty title takes the file's name.
    expect(data.files[0]!.title).toBe("notes.pdf");
    expect(data.files[0]!.file.contentType).toBe("application/pdf");
    expect(await auditActions(lessonOf.free)).toEqual([
      "lesson_media.video_set",
      "lesson_media.file_add",
    ]);
  });

  it("refuses hostile input with a 4xx and writes nothing", async () => {
    const free1 = { lessonId: lessonOf.free, courseId: ids.free };
    const before = await auditActions(lessonOf.free);
    // A lesson of another course under this course's address.
    const crossed = { lessonId: lessonOf.premium, courseId: ids.free };
    expect((await load(crossed)).status).toBe(404);
    const clip = await upload(admin, await fixture("tiny.webm"), "lesson-video", "c.webm");
    expect((await post({ intent: "video-set", mediaFileId: clip }, crossed)).status).toBe(404);
    // A file uploaded for another purpose.
    const memberVideo = await upload(admin, await fixture("tiny.webm"), "video", "m.webm");
    const wrongPurpose = await post({ intent: "video-set", mediaFileId: memberVideo }, free1);
    expect(wrongPurpose.status).toBe(400);
    expect(wrongPurpose.body?.fieldErrors?.mediaFileId).toBe("media.errors.fileUnavailable");
    const videoAsFile = await post({ intent: "file-add", mediaFileId: clip, title: "" }, free1);
    expect(videoAsFile.status).toBe(400);
    // Someone else's upload, and a file another lesson already holds.
    const theirs = await upload(otherAdmin, PDF, "lesson-file", "theirs.pdf");
    expect((await post({ intent: "file-add", mediaFileId: theirs, title: "" }, free1)).status).toBe(
      400,
    );
    const reused = await post({ intent: "file-add", mediaFileId: media.premium.file }, free1);
    expect(reused.status).toBe(400);
    expect(
      (await post({ intent: "video-set", mediaFileId: crypto.randomUUID() }, free1)).status,
    ).toBe(400);
    const noUpload = await post({ intent: "video-set", mediaFileId: "" }, free1);
    expect(noUpload.status).toBe(400);
    expect(noUpload.body?.fieldErrors?.mediaFileId).toBe("academy.lessonMedia.errors.noUpload");
    // Titles past the limit, on adding and renaming.
    const mine = await upload(admin, PDF, "lesson-file", "mine.pdf");
    const long = await post(
      { intent: "file-add", mediaFileId: mine, title: "x".repeat(201) },
      free1,
    );
    expect(long.status).toBe(400);
    expect(long.body?.fieldErrors?.title).toBe("academy.lessonMedia.errors.titleTooLong");
    const [entry] = await db()
      .select({ id: lessonFiles.id })
      .from(lessonFiles)
      .where(eq(lessonFiles.lessonId, lessonOf.free));
    const huge = await post(
      { intent: "file-rename", fileId: entry!.id, title: "y".repeat(20_000) },
      free1,
    );
    expect(huge.status).toBe(400);
    expect(
      (await post({ intent: "file-rename", fileId: entry!.id, title: "  " }, free1)).status,
    ).toBe(400);
    // Another lesson's download through this lesson's address.
    const [premiumEntry] = await db()
      .select({ id: lessonFiles.id })
      .from(lessonFiles)
      .where(eq(lessonFiles.lessonId, lessonOf.premium));
    for (const intent of ["file-rename", "file-remove"]) {
      const answer = await post({ intent, fileId: premiumEntry!.id, title: "Taken" }, free1);
      expect(answer.status, intent).toBe(404);
    }
    expect(
      (await post({ intent: "file-move", fileId: premiumEntry!.id, direction: "up" }, free1))
        .status,
    ).toBe(404);
    expect(
      (await post({ intent: "file-move", fileId: entry!.id, direction: "sideways" }, free1)).status,
    ).toBe(400);
    expect((await post({ intent: "take-over" }, free1)).status).toBe(400);
    expect(
      (
        await post(
          { intent: "video-remove" },
          { lessonId: lessonOf.freeSecond, courseId: ids.free },
        )
      ).status,
    ).toBe(404);
    expect(await auditActions(lessonOf.free)).toEqual(before);
    const [row] = await db().select().from(mediaFiles).where(eq(mediaFiles.id, mine));
    expect(row?.attachedAt).toBeNull();
  });
});

describe("who receives a lesson's video and downloads", () => {
  it("follows the lesson page's rule on a free, a premium and a draft course", async () => {
    const expected = {
      // Enrolled members of a free course; never a guest nor a member who did not enroll.
      free: { guest: 404, outsider: 404, free: 200, premium: 200, admin: 200 },
      premium: { guest: 404, outsider: 404, free: 404, premium: 200, admin: 200 },
      draft: { guest: 404, outsider: 404, free: 404, premium: 404, admin: 200 },
    };
    const who = { guest: null, outsider, free, premium, admin };
    for (const kind of ["free", "premium", "draft"] as const) {
      for (const [name, account] of Object.entries(who)) {
        for (const part of ["video", "file"] as const) {
          const status = await statusOf(media[kind][part], account);
          expect(status, `${kind} ${part} as ${name}`).toBe(
            expected[kind][name as keyof (typeof expected)["free"]],
          );
        }
      }
    }
  });

  it("on a premium course, for every tier and role", async () => {
    const premiumTiers = new Set<Tier>(["full", "premium", "pro", "yearly", "lifetime"]);
    for (const tier of TIERS) {
      const account = await member({ tier, name: `Tier ${tier}` });
      await enrollDirectly(account.userId, ids.premium);
      const status = await statusOf(media.premium.video, account);
      expect(status, tier).toBe(premiumTiers.has(tier) ? 200 : 404);
    }
    for (const role of ["admin", "super_admin"] as const) {
      const account = await member({ role, name: `Role ${role}` });
      expect(await statusOf(media.premium.video, account), role).toBe(200);
      expect(await statusOf(media.draft.file, account), role).toBe(200);
    }
  });

  it("serves byte ranges of a lesson video to an allowed viewer", async () => {
    const whole = await fixture("tiny.webm");
    const response = await fetchFile(media.premium.video, premium, { Range: "bytes=100-199" });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe(`bytes 100-199/${whole.length}`);
    expect(response.headers.get("content-type")).toBe("video/webm");
    expect(Buffer.from(await response.arrayBuffer())).toEqual(whole.subarray(100, 200));
    const pdf = await fetchFile(media.premium.file, premium);
    expect(pdf.headers.get("content-disposition")).toContain("attachment");
    expect(Buffer.from(await pdf.arrayBuffer())).toEqual(PDF);
    // The same range for someone who may not watch: nothing.
    expect((await fetchFile(media.premium.video, free, { Range: "bytes=0-9" })).status).toBe(404);
  });

  it("puts the media in the lesson page's data only for viewers who may open it", async () => {
    const lessonPath = (slug: string) => `/academy/${slug}/lessons/first-lesson`;
    const open = (slug: string, who: Account | null) =>
      callRoute(lessonRoute.loader, lessonPath(slug), who?.cookie ?? null, {
        slug,
        lesson: "first-lesson",
      });
    const allowed = await open("media-premium", premium);
    const data = allowed.data as Awaited<ReturnType<typeof lessonRoute.loader>>;
    expect(data.media.video?.url).toBe(`/media/files/${media.premium.video}`);
    expect(data.media.files.map((f) => f.file.url)).toEqual([`/media/files/${media.premium.file}`]);
    expect((await open("media-premium", free)).status).toBe(403);
    expect((await open("media-premium", null)).status).toBe(403);
    const unenrolled = await open("media-free", outsider);
    const gated = unenrolled.data as Awaited<ReturnType<typeof lessonRoute.loader>>;
    expect(gated.refusal).toBe("enroll");
    expect(gated.media).toEqual({ video: null, files: [] });
    expect(JSON.stringify(gated)).not.toContain("/media/files/");
  });
});

describe("changing a lesson's media", () => {
  it("renames, reorders, replaces and removes, deleting released files", async () => {
    const where = { lessonId: lessonOf.free, courseId: ids.free };
    const second = await upload(admin, PDF, "lesson-file", "second.pdf");
    expect(
      (await post({ intent: "file-add", mediaFileId: second, title: "  Workbook  " }, where))
        .status,
    ).toBe(200);
    const entries = () =>
      db()
        .select({
          id: lessonFiles.id,
          title: lessonFiles.title,
          mediaFileId: lessonFiles.mediaFileId,
        })
        .from(lessonFiles)
        .where(eq(lessonFiles.lessonId, lessonOf.free))
        .orderBy(asc(lessonFiles.position));
    let list = await entries();
    expect(list.map((e) => e.title)).toEqual(["notes.pdf", "Workbook"]);
    expect(
      (await post({ intent: "file-move", fileId: list[1]!.id, direction: "up" }, where)).status,
    ).toBe(200);
    expect((await entries()).map((e) => e.title)).toEqual(["Workbook", "notes.pdf"]);
    expect(
      (await post({ intent: "file-rename", fileId: list[0]!.id, title: "Moon notes" }, where))
        .status,
    ).toBe(200);
    list = await entries();
    expect(list.map((e) => e.title)).toEqual(["Workbook", "Moon notes"]);

    // Replacing the video deletes the old file; removing a download deletes its file.
    const replacement = await upload(admin, await fixture("tiny.mp4"), "lesson-video", "r.mp4");
    expect((await post({ intent: "video-set", mediaFileId: replacement }, where)).status).toBe(200);
    expect(await statusOf(media.free.video, admin)).toBe(404);
    expect(await statusOf(replacement, free)).toBe(200);
    const removed = list[1]!;
    expect((await post({ intent: "file-remove", fileId: removed.id }, where)).status).toBe(200);
    expect(
      await db().select().from(mediaFiles).where(eq(mediaFiles.id, removed.mediaFileId)),
    ).toEqual([]);
    expect(await statusOf(removed.mediaFileId, admin)).toBe(404);
    expect((await post({ intent: "video-remove" }, where)).status).toBe(200);
    expect(await statusOf(replacement, admin)).toBe(404);
    const [lesson] = await db().select().from(lessons).where(eq(lessons.id, lessonOf.free));
    expect(lesson?.videoFileId).toBeNull();
    expect(await auditActions(lessonOf.free)).toEqual([
      "lesson_media.video_set",
      "lesson_media.file_add",
      "lesson_media.file_add",
      "lesson_media.file_move",
      "lesson_media.file_rename",
      "lesson_media.video_set",
      "lesson_media.file_remove",
      "lesson_media.video_remove",
    ]);
  });

  it("deleting a lesson deletes its video and downloads", async () => {
    const where = { lessonId: lessonOf.freeSecond, courseId: ids.free };
    const video = await upload(admin, await fixture("tiny.mp4"), "lesson-video", "gone.mp4");
    const file = await upload(admin, PDF, "lesson-file", "gone.pdf");
    expect((await post({ intent: "video-set", mediaFileId: video }, where)).status).toBe(200);
    expect(
      (await post({ intent: "file-add", mediaFileId: file, title: "Gone" }, where)).status,
    ).toBe(200);
    await deleteLesson(admin.rules, ids.free, lessonOf.freeSecond);
    for (const id of [video, file]) {
      expect(await db().select().from(mediaFiles).where(eq(mediaFiles.id, id))).toEqual([]);
      expect(await statusOf(id, admin)).toBe(404);
    }
  });
});
