import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { member } from "../../../tests/helpers/community";
import { callRoute } from "../../../tests/helpers/route-call";
import { createBook, updateBookDetails } from "#app/modules/books/index.server";
import en from "#app/i18n/locales/en.json";
import * as bookRoute from "./book";

/*
 * The book page's review forms as the framework calls them: refusals are 4xx with a translation
 * key (403 for anyone but an owner, 400 for a bad rating or text), never a 500; the loader shows
 * the average, the count and the discussion link.
 */

let cleanup: () => Promise<void>;
type Account = Awaited<ReturnType<typeof member>>;
let author: Account;
let reader: Account;
let slug: string;

beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
  author = await member({ tier: "full", name: "Page Author" });
  reader = await member({ name: "Page Reader" });
  const actor = { ...author.rules };
  const book = await createBook(actor, { title: "Routes of Ink" });
  slug = book.slug;
  await updateBookDetails(
    actor,
    book.id,
    {
      title: "Routes of Ink",
      subtitle: "",
      description: "",
      language: "en",
      category: "",
      tags: [],
      price: "0",
      status: "published",
      includedWithMembership: false,
      coAuthors: [],
      removeCover: false,
    },
    { currency: "USD" },
  );
});
afterAll(() => cleanup());

function translated(key: string | undefined): string | undefined {
  return key
    ?.split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], en) as
    string | undefined;
}

const post = (cookie: string | null, fields: Record<string, string>) =>
  callRoute(bookRoute.action as never, `/book/${slug}`, cookie, { slug }, fields);

describe("the book page's reviews", () => {
  it("refuse the author with a translated 403 and guests with sign-in", async () => {
    const refused = await post(author.cookie, {
      intent: "review",
      rating: "5",
      body: "My own book is wonderful.",
    });
    expect(refused.status).toBe(403);
    expect(translated(refused.body?.formError)).toMatch(/own this book/);
    const guest = await post(null, { intent: "review", rating: "5", body: "Lovely words here." });
    expect(guest.status).toBe(302);
  });

  it("answer bad ratings and texts with 400 and the field's message", async () => {
    const cases: Array<Record<string, string>> = [
      { rating: "0", body: "A fine book to read." },
      { rating: "6", body: "A fine book to read." },
      { rating: "x", body: "A fine book to read." },
      { rating: "4", body: "short" },
      { rating: "4", body: "x".repeat(2001) },
      { rating: "4" },
    ];
    for (const fields of cases) {
      const answer = await post(reader.cookie, { intent: "review", ...fields });
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      const [key] = Object.values(answer.body?.fieldErrors ?? {});
      expect(translated(key), JSON.stringify(fields)).toBeTruthy();
    }
  });

  it("save a member's review of a free book and show the average", async () => {
    const saved = await post(reader.cookie, {
      intent: "review",
      rating: "4",
      body: "Clear and kind, like a good teacher.",
    });
    expect(saved).toMatchObject({ status: 200, body: { ok: true } });
    const page = await callRoute(bookRoute.loader as never, `/book/${slug}`, null, { slug });
    const data = page.data as {
      reviews: { average: number; count: number };
      discussion: { slug: string; replyCount: number } | null;
    };
    expect(data.reviews).toMatchObject({ average: 4, count: 1 });
    expect(data.discussion?.replyCount).toBe(0);
    const removed = await post(reader.cookie, { intent: "deleteReview" });
    expect(removed).toMatchObject({ status: 200, body: { ok: true } });
  });
});
