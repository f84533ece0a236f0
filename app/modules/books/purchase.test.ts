import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { inflateRawSync } from "node:zlib";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/client.server";
import { drainJobs } from "#app/modules/events/index.server";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import {
  BillingRefusedError,
  builtinProvider,
  confirmPurchase,
  processBillingEvent,
  refundPayment,
  type BillingEvent,
} from "#app/modules/payments/index.server";
import { payments, purchaseCheckouts, salesNotifications } from "#app/modules/payments/schema";
import { TEST_CARDS } from "#app/modules/payments/index.server";
import { addChapter, createBook, saveChapter, updateBookDetails } from "./authoring.server";
import { bookEpub } from "./epub.server";
import { editorBook, ownsBook, readerChapter } from "./queries.server";
import { startBookPurchase } from "./purchase.server";
import { bookPerson, refusalOf } from "./test-people";
import type { BookDetails } from "./validation";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
});
afterAll(() => cleanup());

const DAY = 24 * 60 * 60 * 1000;
const details = (overrides: Partial<BookDetails> = {}): BookDetails => ({
  title: "The Sealed Grimoire",
  subtitle: "",
  description: "Seven seals & one key.",
  language: "en",
  category: "",
  tags: [],
  price: "12.50",
  status: "published",
  includedWithMembership: false,
  coAuthors: [],
  removeCover: false,
  ...overrides,
});

/** A published paid book with two written chapters. */
async function paidBook(overrides: Partial<BookDetails> = {}) {
  const author = await bookPerson("premium");
  const book = await createBook(author, { title: overrides.title ?? "The Sealed Grimoire" });
  await addChapter(author, book.id, "The second seal");
  const { chapters } = await editorBook(author, book.id);
  await saveChapter(author, {
    chapterId: chapters[0]!.id,
    body: "The **first** seal opens.",
    baseVersion: 1,
  });
  await saveChapter(author, {
    chapterId: chapters[1]!.id,
    body: "A line<br>\n\n- [x] done\n\n![sigil](https://example.com/x.png)\n\nThe second & last.",
    baseVersion: 1,
  });
  await updateBookDetails(author, book.id, details(overrides), { currency: "USD" });
  return { author, book };
}

const replayEvent = (event: BillingEvent) => processBillingEvent(builtinProvider(), event);

/** Buys through the built-in provider with the success card; returns the checkout id. */
async function buy(buyer: Awaited<ReturnType<typeof bookPerson>>, slug: string) {
  const to = await startBookPurchase(
    buyer,
    { email: "buyer@example.test" },
    slug,
    "http://localhost",
  );
  const checkoutId = to.split("/").pop()!;
  expect(to).toBe(`/checkout/purchase/${checkoutId}`);
  await builtinProvider().payPurchase(checkoutId, buyer.id, TEST_CARDS.success);
  return checkoutId;
}

describe("buying a book", () => {
  it("grants the purchase once from the provider's event, even when the event comes twice", async () => {
    const { book } = await paidBook();
    const buyer = await bookPerson("premium");
    expect(await refusalOf(readerChapter(buyer, book.slug, 2))).toBe("notAllowed");
    const checkoutId = await buy(buyer, book.slug);
    expect(await ownsBook(buyer.id, book.id)).toBe(true);
    expect((await readerChapter(buyer, book.slug, 2)).chapter.title).toBe("The second seal");

    // The same event again (a webhook retry), and a second submit of the card form: no new grant.
    const [payment] = await db().select().from(payments).where(eq(payments.productId, book.id));
    const replay = await replayEvent({
      provider: "builtin",
      eventId: `bevt_purchase_${checkoutId}`,
      providerType: "checkout.session.completed",
      occurredAt: new Date(),
      payload: {},
      kind: "purchase.paid",
      checkoutId,
      userId: buyer.id,
      paymentId: payment!.providerPaymentId,
      refundRef: payment!.providerRefundRef,
      amount: 1250,
      currency: "USD",
      productKind: "book",
      productId: book.id,
    });
    expect(replay.status).toBe("duplicate");
    // Another event id naming the same payment (the success page's check): still one payment.
    const again = await replayEvent({
      provider: "builtin",
      eventId: `another_${checkoutId}`,
      providerType: "checkout.session.retrieved",
      occurredAt: new Date(),
      payload: {},
      kind: "purchase.paid",
      checkoutId,
      userId: buyer.id,
      paymentId: payment!.providerPaymentId,
      refundRef: payment!.providerRefundRef,
      amount: 1250,
      currency: "USD",
      productKind: "book",
      productId: book.id,
    });
    expect(again).toMatchObject({ status: "processed", result: "purchase already recorded" });
    await builtinProvider().payPurchase(checkoutId, buyer.id, TEST_CARDS.success);
    const rows = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.productId, book.id), eq(payments.userId, buyer.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      amount: 1250,
      currency: "USD",
      productKind: "book",
      status: "paid",
    });
    const sales = await db()
      .select()
      .from(salesNotifications)
      .where(eq(salesNotifications.paymentId, rows[0]!.id));
    expect(sales).toHaveLength(1);
    expect(await confirmPurchase(buyer.id, checkoutId)).toMatchObject({
      status: "paid",
      productId: book.id,
    });
    // Another member cannot look at this checkout.
    expect(await confirmPurchase((await bookPerson()).id, checkoutId)).toEqual({
      status: "unknown",
    });
    // Owning it, Buy is refused.
    expect(
      await refusalOf(startBookPurchase(buyer, { email: "x@example.test" }, book.slug, "")),
    ).toBe("alreadyOwned");
    await drainJobs();
  });

  it("declines a declined card and returns to the open checkout when Buy is pressed again", async () => {
    const { book } = await paidBook({ title: "Declined" });
    const buyer = await bookPerson("free");
    const first = await startBookPurchase(buyer, { email: "b@example.test" }, book.slug, "");
    const checkoutId = first.split("/").pop()!;
    await expect(
      builtinProvider().payPurchase(checkoutId, buyer.id, TEST_CARDS.declined),
    ).rejects.toThrow();
    expect(await ownsBook(buyer.id, book.id)).toBe(false);
    expect(await startBookPurchase(buyer, { email: "b@example.test" }, book.slug, "")).toBe(first);
    const open = await db()
      .select()
      .from(purchaseCheckouts)
      .where(and(eq(purchaseCheckouts.userId, buyer.id), eq(purchaseCheckouts.status, "open")));
    expect(open).toHaveLength(1);
  });

  it("ends access with a refund inside the guarantee, not after it", async () => {
    const { book } = await paidBook({ title: "Refunded" });
    const buyer = await bookPerson("premium");
    await buy(buyer, book.slug);
    const [payment] = await db().select().from(payments).where(eq(payments.productId, book.id));
    const admin = await bookPerson("admin");
    await expect(
      refundPayment(admin.id, payment!.id, 30, new Date(payment!.paidAt.getTime() + 31 * DAY)),
    ).rejects.toBeInstanceOf(BillingRefusedError);
    await refundPayment(admin.id, payment!.id, 30, new Date(payment!.paidAt.getTime() + DAY));
    expect(await ownsBook(buyer.id, book.id)).toBe(false);
    expect(await refusalOf(readerChapter(buyer, book.slug, 2))).toBe("notAllowed");
    expect(await refusalOf(bookEpub(buyer, book.slug))).toBe("notAllowed");
  });

  it("refuses Buy for free books and the author's own", async () => {
    const { author, book } = await paidBook({ title: "Own" });
    expect(
      await refusalOf(startBookPurchase(author, { email: "a@example.test" }, book.slug, "")),
    ).toBe("notForSale");
    const free = await paidBook({ title: "Given away", price: "0" });
    const reader = await bookPerson("free");
    expect(
      await refusalOf(startBookPurchase(reader, { email: "r@example.test" }, free.book.slug, "")),
    ).toBe("notForSale");
    expect((await readerChapter(reader, free.book.slug, 2)).chapter.position).toBe(2);
  });
});

/** The entries of a ZIP file, read from its central directory. */
function unzip(data: Buffer) {
  const end = data.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = data.readUInt16LE(end + 10);
  let at = data.readUInt32LE(end + 16);
  const entries: Array<{ name: string; method: number; offset: number; text: string }> = [];
  for (let i = 0; i < count; i += 1) {
    const method = data.readUInt16LE(at + 10);
    const size = data.readUInt32LE(at + 20);
    const nameLength = data.readUInt16LE(at + 28);
    const extra = data.readUInt16LE(at + 30);
    const comment = data.readUInt16LE(at + 32);
    const offset = data.readUInt32LE(at + 42);
    const name = data.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    const localName = data.readUInt16LE(offset + 26);
    const localExtra = data.readUInt16LE(offset + 28);
    const body = data.subarray(
      offset + 30 + localName + localExtra,
      offset + 30 + localName + localExtra + size,
    );
    const text = (method === 8 ? inflateRawSync(body) : body).toString("utf8");
    entries.push({ name, method, offset, text });
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}

describe("EPUB", () => {
  it("is a valid EPUB 3 package for owners, refused to others", async () => {
    const { author, book } = await paidBook({ title: "Epub Book", language: "ar" });
    const stranger = await bookPerson("free");
    expect(await refusalOf(bookEpub(stranger, book.slug))).toBe("notAllowed");
    expect(await refusalOf(bookEpub(null, "no-such-book"))).toBe("notFound");
    const file = await bookEpub(author, book.slug);
    expect(file.fileName).toBe(`${book.slug}.epub`);
    // mimetype first, stored, with its content at byte 38.
    expect(file.data.subarray(30, 38).toString()).toBe("mimetype");
    expect(file.data.subarray(38, 58).toString()).toBe("application/epub+zip");
    const entries = unzip(file.data);
    expect(entries[0]).toMatchObject({ name: "mimetype", method: 0, offset: 0 });
    const names = entries.map((e) => e.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "META-INF/container.xml",
        "OEBPS/package.opf",
        "OEBPS/nav.xhtml",
        "OEBPS/chapter-1.xhtml",
        "OEBPS/chapter-2.xhtml",
      ]),
    );
    const text = (name: string) => entries.find((e) => e.name === name)!.text;
    expect(text("META-INF/container.xml")).toContain('full-path="OEBPS/package.opf"');
    const opf = text("OEBPS/package.opf");
    expect(opf).toContain('version="3.0"');
    expect(opf).toContain("<dc:language>ar</dc:language>");
    expect(opf).toContain("<dc:title>Epub Book</dc:title>");
    expect(opf).toContain(`urn:uuid:${book.id}`);
    expect(opf).toMatch(
      /<meta property="dcterms:modified">\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/meta>/,
    );
    expect(opf).toContain('properties="nav"');
    expect(opf).toContain('<itemref idref="chapter-2"/>');
    expect(opf).toContain("Seven seals &amp; one key.");
    expect(text("OEBPS/nav.xhtml")).toContain('epub:type="toc"');
    const chapter2 = text("OEBPS/chapter-2.xhtml");
    expect(chapter2).toContain("The second &amp; last.");
    expect(chapter2).not.toMatch(/<(br|input|img)\b[^>]*[^/]>/);

    // Every XML file is well-formed, and the whole book passes epubcheck, where the tools exist.
    const folder = await mkdtemp(path.join(tmpdir(), "epub-"));
    try {
      const epub = path.join(folder, "book.epub");
      await writeFile(epub, file.data);
      const has = (tool: string) => {
        try {
          execFileSync("which", [tool], { stdio: "ignore" });
          return true;
        } catch {
          return false;
        }
      };
      if (has("python3")) {
        for (const entry of entries.filter((e) => /\.(xml|opf|xhtml)$/.test(e.name))) {
          const target = path.join(folder, entry.name.replace(/\//g, "_"));
          await writeFile(target, entry.text);
          execFileSync("python3", [
            "-c",
            "import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])",
            target,
          ]);
        }
      }
      // Debian's epubcheck is a jar (its /usr/bin link runs only where binfmt knows jars).
      const epubcheckJar = "/usr/share/java/epubcheck.jar";
      if (has("java") && existsSync(epubcheckJar)) {
        try {
          execFileSync("java", ["-jar", epubcheckJar, epub], { stdio: "pipe" });
        } catch (error) {
          const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
          throw new Error(`epubcheck: ${String(stdout)}${String(stderr)}`, { cause: error });
        }
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
