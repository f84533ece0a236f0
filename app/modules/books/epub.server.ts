import { readFile } from "node:fs/promises";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { config } from "#app/lib/config.server";
import { renderMarkdown } from "#app/lib/markdown.server";
import type { Actor } from "#app/modules/auth";
import { profiles } from "#app/modules/profiles/schema";
import { bookWithCoAuthors } from "./authoring.server";
import { BookRefusedError } from "./errors";
import { canReadWhole, canSeeBook } from "./policy";
import { ownsBook } from "./queries.server";
import { bookChapters, books } from "./schema";
import { zip, type ZipEntry } from "./zip.server";

/*
 * The EPUB 3 download (decision 063), made on the server for whoever may read the whole book:
 * mimetype (first, stored), META-INF/container.xml, the package document (metadata with the
 * book's language, manifest, spine), the navigation document, one XHTML file per chapter and the
 * cover when there is one.
 */

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const VOID = /<(br|hr|wbr|col|area|source|input)(\s[^<>]*?)?\s*\/?>/g;

/**
 * The site's sanitized chapter HTML as XHTML: void elements closed, images (which live on this
 * server or behind its proxy, unreachable from a reader's device) replaced by their alt text, and
 * the only named entity HTML adds that XML lacks made numeric.
 */
export function toXhtml(html: string): string {
  return html
    .replace(/<img\b[^>]*?\balt="([^"]*)"[^>]*>/g, (_m, alt: string) =>
      alt ? `<span>${alt}</span>` : "",
    )
    .replace(/<img\b[^>]*>/g, "")
    .replace(VOID, (_m, tag: string, attrs = "") => `<${tag}${attrs.replace(/\s+$/, "")}/>`)
    .replace(/\s(disabled|checked)(?=[\s/>])(?!=)/g, ' $1="$1"')
    .replace(/&nbsp;/g, "&#160;");
}

function page(title: string, language: string, body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="${language}" lang="${language}"${language === "ar" ? ' dir="rtl"' : ""}>
<head><meta charset="UTF-8"/><title>${escapeXml(title)}</title></head>
<body>
${body}
</body>
</html>
`;
}

async function coverFile(
  coverUrl: string | null,
): Promise<{ data: Buffer; type: string; ext: string } | null> {
  if (!coverUrl?.startsWith("/uploads/")) return null;
  const relative = coverUrl.slice("/uploads/".length);
  if (relative.includes("..")) return null;
  const ext = path.extname(relative).toLowerCase().slice(1);
  const type = {
    jpg: "image/jpeg",
    jpeg: "image/jpeg",
    png: "image/png",
    webp: "image/webp",
    gif: "image/gif",
  }[ext];
  if (!type) return null;
  try {
    return { data: await readFile(path.join(config().DATA_DIR, "uploads", relative)), type, ext };
  } catch {
    return null;
  }
}

export interface EpubFile {
  fileName: string;
  data: Buffer;
}

/** The book as an EPUB for this viewer; refused like the reader refuses its chapters. */
export async function bookEpub(actor: Actor, slug: string, now = new Date()): Promise<EpubFile> {
  const [row] = await db()
    .select({ id: books.id })
    .from(books)
    .where(eq(books.slug, slug))
    .limit(1);
  const book = row ? await bookWithCoAuthors(row.id) : undefined;
  if (!book || !canSeeBook(actor, book)) throw new BookRefusedError("notFound");
  if (!canReadWhole(actor, book, await ownsBook(actor?.id, book.id)))
    throw new BookRefusedError("notAllowed");
  const [chapters, author, cover] = await Promise.all([
    db()
      .select({
        position: bookChapters.position,
        title: bookChapters.title,
        body: bookChapters.body,
      })
      .from(bookChapters)
      .where(eq(bookChapters.bookId, book.id))
      .orderBy(asc(bookChapters.position)),
    db()
      .select({ name: profiles.displayName })
      .from(profiles)
      .where(eq(profiles.userId, book.authorId))
      .limit(1),
    coverFile(book.coverUrl),
  ]);
  const lang = book.language;
  const modified = (book.updatedAt > now ? now : book.updatedAt)
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z");
  const chapterFile = (position: number) => `chapter-${position}.xhtml`;
  const entries: ZipEntry[] = [
    { name: "mimetype", data: "application/epub+zip", store: true },
    {
      name: "META-INF/container.xml",
      data: `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles>
    <rootfile full-path="OEBPS/package.opf" media-type="application/oebps-package+xml"/>
  </rootfiles>
</container>
`,
    },
  ];
  const manifest: string[] = [
    `<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>`,
  ];
  const spine: string[] = [];
  if (cover) {
    manifest.push(
      `<item id="cover-image" href="cover.${cover.ext}" media-type="${cover.type}" properties="cover-image"/>`,
      `<item id="cover" href="cover.xhtml" media-type="application/xhtml+xml"/>`,
    );
    spine.push(`<itemref idref="cover" linear="no"/>`);
    entries.push({ name: `OEBPS/cover.${cover.ext}`, data: cover.data });
    entries.push({
      name: "OEBPS/cover.xhtml",
      data: page(
        book.title,
        lang,
        `<section epub:type="cover"><img src="cover.${cover.ext}" alt="${escapeXml(book.title)}"/></section>`,
      ),
    });
  }
  for (const chapter of chapters) {
    const id = `chapter-${chapter.position}`;
    manifest.push(
      `<item id="${id}" href="${chapterFile(chapter.position)}" media-type="application/xhtml+xml"/>`,
    );
    spine.push(`<itemref idref="${id}"/>`);
    entries.push({
      name: `OEBPS/${chapterFile(chapter.position)}`,
      data: page(
        chapter.title,
        lang,
        `<section epub:type="chapter"><h1>${escapeXml(chapter.title)}</h1>\n${toXhtml(renderMarkdown(chapter.body))}</section>`,
      ),
    });
  }
  entries.push({
    name: "OEBPS/nav.xhtml",
    data: page(
      book.title,
      lang,
      `<nav epub:type="toc" id="toc"><h1>${escapeXml(book.title)}</h1><ol>${chapters
        .map((c) => `<li><a href="${chapterFile(c.position)}">${escapeXml(c.title)}</a></li>`)
        .join("")}</ol></nav>`,
    ),
  });
  const metadata = [
    `<dc:identifier id="book-id">urn:uuid:${book.id}</dc:identifier>`,
    `<dc:title>${escapeXml(book.title)}</dc:title>`,
    `<dc:language>${lang}</dc:language>`,
    author[0] ? `<dc:creator>${escapeXml(author[0].name)}</dc:creator>` : "",
    book.description ? `<dc:description>${escapeXml(book.description)}</dc:description>` : "",
    `<meta property="dcterms:modified">${modified}</meta>`,
  ].filter(Boolean);
  entries.push({
    name: "OEBPS/package.opf",
    data: `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="${lang}"${lang === "ar" ? ' dir="rtl"' : ""}>
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    ${metadata.join("\n    ")}
  </metadata>
  <manifest>
    ${manifest.join("\n    ")}
  </manifest>
  <spine${lang === "ar" ? ' page-progression-direction="rtl"' : ""}>
    ${spine.join("\n    ")}
  </spine>
</package>
`,
  });
  return { fileName: `${book.slug}.epub`, data: zip(entries, now) };
}
