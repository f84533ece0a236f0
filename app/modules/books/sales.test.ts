import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/client.server";
import { auditLog } from "#app/modules/audit/schema";
import { payments } from "#app/modules/payments/schema";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { addChapter, createBook, updateBookDetails } from "./authoring.server";
import { adminBooks, hideBook, unhideBook } from "./admin.server";
import { bookPage, recordBookView, sitemapBooks } from "./queries.server";
import { bookSales, salesBuckets } from "./sales.server";
import { bookDailyViews, books } from "./schema";
import { bookPerson, refusalOf } from "./test-people";
import { BUYERS_PER_PAGE } from "./types";
import { hideBookSchema } from "./validation";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
});
afterAll(() => cleanup());

const NOW = new Date("2026-03-18T12:00:00Z"); // a Wednesday
const DAY = 24 * 60 * 60 * 1000;
let sequence = 0;

async function publishedBook() {
  const author = await bookPerson("premium");
  const coAuthor = await bookPerson("premium");
  const book = await createBook(author, { title: "Lunar Houses" });
  await addChapter(author, book.id, "The second house");
  await updateBookDetails(
    author,
    book.id,
    {
      title: "Lunar Houses",
      subtitle: "",
      description: "",
      language: "en",
      category: "",
      tags: [],
      price: "10.00",
      status: "published",
      includedWithMembership: false,
      coAuthors: [coAuthor.slug],
      removeCover: false,
    },
    { currency: "USD" },
  );
  return { author, coAuthor, book };
}

/** A paid (or refunded) book payment as the event path records it. */
async function sale(
  bookId: string,
  userId: string,
  paidAt: Date,
  refundedAt: Date | null = null,
  amount = 1000,
) {
  sequence += 1;
  await db()
    .insert(payments)
    .values({
      userId,
      provider: "builtin",
      providerPaymentId: `sale_${sequence}_${Date.now()}`,
      productKind: "book",
      productId: bookId,
      amount,
      currency: "USD",
      status: refundedAt ? "refunded" : "paid",
      paidAt,
      refundedAt,
    });
}

describe("a book's sales", () => {
  it("is open to its author, co-authors and admins only", async () => {
    const { author, coAuthor, book } = await publishedBook();
    const admin = await bookPerson("admin");
    const stranger = await bookPerson("premium");
    const options = { period: "day" as const, page: 1, now: NOW };
    for (const allowed of [author, coAuthor, admin]) {
      expect((await bookSales(allowed, book.id, options)).book.id).toBe(book.id);
    }
    expect(await refusalOf(bookSales(stranger, book.id, options))).toBe("notFound");
    expect(await refusalOf(bookSales(null, book.id, options))).toBe("notFound");
    expect(await refusalOf(bookSales(author, crypto.randomUUID(), options))).toBe("notFound");
  });

  it("counts units, refunds and net revenue by day, week and month", async () => {
    const { author, book } = await publishedBook();
    const buyers = await Promise.all([1, 2, 3, 4].map(() => bookPerson()));
    await sale(book.id, buyers[0]!.id, new Date(NOW.getTime() - 2 * DAY)); // Monday
    await sale(book.id, buyers[1]!.id, new Date(NOW.getTime() - 2 * DAY)); // Monday
    // Bought Tuesday, refunded today: the sale stays Tuesday's, the refund and its amount today's.
    await sale(book.id, buyers[2]!.id, new Date(NOW.getTime() - DAY), NOW);
    await sale(book.id, buyers[3]!.id, new Date(NOW.getTime() - 40 * DAY), null, 800);

    const byDay = await bookSales(author, book.id, { period: "day", page: 1, now: NOW });
    expect(byDay.totals).toMatchObject({ units: 4, refunds: 1, net: 2800 });
    expect(byDay.series).toHaveLength(30);
    expect(byDay.series.at(-1)).toEqual({
      start: "2026-03-18",
      units: 0,
      refunds: 1,
      revenue: -1000,
    });
    expect(byDay.series.at(-2)).toEqual({
      start: "2026-03-17",
      units: 1,
      refunds: 0,
      revenue: 1000,
    });
    expect(byDay.series.at(-3)).toEqual({
      start: "2026-03-16",
      units: 2,
      refunds: 0,
      revenue: 2000,
    });
    // The sale 40 days ago is outside the 30-day window.
    expect(byDay.series.reduce((n, p) => n + p.units, 0)).toBe(3);

    const byWeek = await bookSales(author, book.id, { period: "week", page: 1, now: NOW });
    expect(byWeek.series.at(-1)).toEqual({
      start: "2026-03-16",
      units: 3,
      refunds: 1,
      revenue: 2000,
    });
    const byMonth = await bookSales(author, book.id, { period: "month", page: 1, now: NOW });
    expect(byMonth.series.at(-1)).toEqual({
      start: "2026-03-01",
      units: 3,
      refunds: 1,
      revenue: 2000,
    });
    expect(byMonth.series.at(-2)).toEqual({
      start: "2026-02-01",
      units: 1,
      refunds: 0,
      revenue: 800,
    });
  });

  it("lists buyers by display name, newest first, a page at a time, and never their e-mail", async () => {
    const { author, book } = await publishedBook();
    const people = await Promise.all(
      Array.from({ length: BUYERS_PER_PAGE + 2 }, () => bookPerson()),
    );
    for (const [i, person] of people.entries()) {
      await sale(book.id, person.id, new Date(NOW.getTime() - (i + 1) * 60_000));
    }
    const first = await bookSales(author, book.id, { period: "day", page: 1, now: NOW });
    expect(first.buyers.total).toBe(BUYERS_PER_PAGE + 2);
    expect(first.buyers.pageCount).toBe(2);
    expect(first.buyers.rows).toHaveLength(BUYERS_PER_PAGE);
    expect(first.buyers.rows[0]!.name).toMatch(/^Writer \d+$/);
    expect(JSON.stringify(first)).not.toContain("@example.test");
    const second = await bookSales(author, book.id, { period: "day", page: 2, now: NOW });
    expect(second.buyers.rows).toHaveLength(2);
    const names = new Set([...first.buyers.rows, ...second.buyers.rows].map((row) => row.id));
    expect(names.size).toBe(BUYERS_PER_PAGE + 2);
  });

  it("converts book-page views to purchases, counting neither the authors nor crawlers", async () => {
    const { author, coAuthor, book } = await publishedBook();
    const reader = await bookPerson();
    const bookRef = { id: book.id, authorId: author.id, coAuthorIds: [coAuthor.id] };
    const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36";
    for (let i = 0; i < 3; i++)
      await recordBookView(reader, bookRef, { userAgent: browser, now: NOW });
    await recordBookView(null, bookRef, { userAgent: browser, now: new Date(NOW.getTime() - DAY) });
    await recordBookView(author, bookRef, { userAgent: browser, now: NOW });
    await recordBookView(coAuthor, bookRef, { userAgent: browser, now: NOW });
    await recordBookView(null, bookRef, {
      userAgent: "Googlebot/2.1 (+http://www.google.com/bot.html)",
      now: NOW,
    });

    const days = await db().select().from(bookDailyViews).where(eq(bookDailyViews.bookId, book.id));
    expect(days.sort((a, b) => a.day.localeCompare(b.day))).toEqual([
      { bookId: book.id, day: "2026-03-17", views: 1 },
      { bookId: book.id, day: "2026-03-18", views: 3 },
    ]);
    const [row] = await db()
      .select({ views: books.views })
      .from(books)
      .where(eq(books.id, book.id));
    expect(row!.views).toBe(4);

    await sale(book.id, reader.id, NOW);
    const sales = await bookSales(author, book.id, { period: "day", page: 1, now: NOW });
    expect(sales.conversion).toEqual({ views: 4, purchases: 1, rate: 0.25 });
    expect(sales.totals.views).toBe(4);
  });

  it("starts weeks on Monday and months on the first, oldest first", () => {
    expect(salesBuckets(NOW, "week").slice(-2)).toEqual(["2026-03-09", "2026-03-16"]);
    expect(salesBuckets(new Date("2026-01-10T00:00:00Z"), "month").slice(-2)).toEqual([
      "2025-12-01",
      "2026-01-01",
    ]);
    expect(salesBuckets(NOW, "day")[0]).toBe("2026-02-17");
  });
});

describe("the admins' book list", () => {
  it("totals each book's sales, hides a book with a reason (audited) and shows it again", async () => {
    const { author, book } = await publishedBook();
    const admin = await bookPerson("admin");
    const [a, b] = [await bookPerson(), await bookPerson()];
    await sale(book.id, a.id, new Date(NOW.getTime() - DAY));
    await sale(book.id, b.id, new Date(NOW.getTime() - DAY), NOW);

    let pageNo = 1;
    let row;
    for (;;) {
      const list = await adminBooks(pageNo);
      row = list.rows.find((r) => r.id === book.id);
      if (row || pageNo >= list.pageCount) break;
      pageNo += 1;
    }
    expect(row).toMatchObject({ units: 1, refunds: 1, revenue: 1000, hiddenReason: null });

    await hideBook(admin.id, book.id, "Copied text");
    const reader = await bookPerson();
    expect(await refusalOf(bookPage(reader, book.slug))).toBe("notFound");
    expect(await refusalOf(bookPage(null, book.slug))).toBe("notFound");
    expect((await bookPage(author, book.slug)).book.hiddenReason).toBe("Copied text");
    expect((await bookPage(admin, book.slug)).book.id).toBe(book.id);
    expect((await sitemapBooks()).map((s) => s.slug)).not.toContain(book.slug);

    await unhideBook(admin.id, book.id);
    await unhideBook(admin.id, book.id); // already shown: nothing to record
    expect((await bookPage(reader, book.slug)).book.id).toBe(book.id);
    expect((await sitemapBooks()).map((s) => s.slug)).toContain(book.slug);

    const audit = await db()
      .select({ action: auditLog.action, details: auditLog.details, actorId: auditLog.actorId })
      .from(auditLog)
      .where(eq(auditLog.targetId, book.id))
      .orderBy(asc(auditLog.createdAt));
    expect(audit.map((entry) => entry.action)).toEqual(["book.hide", "book.unhide"]);
    expect(audit[0]!.details).toMatchObject({ after: "Copied text" });
    expect(audit[0]!.actorId).toBe(admin.id);

    expect(await refusalOf(hideBook(admin.id, crypto.randomUUID(), "x"))).toBe("notFound");
  });

  it("refuses a reason that is empty or too long, and a malformed book id", () => {
    const id = crypto.randomUUID();
    expect(hideBookSchema.safeParse({ bookId: id, reason: "  " }).success).toBe(false);
    expect(hideBookSchema.safeParse({ bookId: id, reason: "x".repeat(501) }).success).toBe(false);
    expect(hideBookSchema.safeParse({ bookId: "1; drop", reason: "ok" }).success).toBe(false);
    expect(hideBookSchema.safeParse({ bookId: id, reason: "Plagiarism" }).success).toBe(true);
  });
});
