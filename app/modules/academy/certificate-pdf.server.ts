import { existsSync, readFileSync } from "node:fs";
import type { PDFDocument, PDFFont } from "pdf-lib";
import type { Locale } from "#app/i18n/locales";
import { serverT } from "#app/i18n/resources.server";

/**
 * The certificate as a one-page A4 landscape PDF (pdf-lib). Texts are the member's name and the
 * course title as issued, the date and the verification address.
 *
 * Fonts (decision 041): Helvetica (built into every PDF reader) writes Latin names. A name
 * outside its character set is written with the first font of `CERTIFICATE_FONT` or the system's
 * DejaVu Sans that has every glyph of it (Greek, Cyrillic, many more), embedded as a subset.
 * pdf-lib does not shape text, so right-to-left and joined scripts (Arabic, Hebrew, Indic) and
 * names no font covers (Chinese, Japanese, Korean without a CJK font) are not drawn wrong: the
 * PDF says the name is on the verification page instead.
 *
 * pdf-lib and fontkit are loaded on the first certificate, not at start-up: together they hold
 * about 18 MB that a server issuing no certificate would carry for nothing.
 */
const FONT_CANDIDATES = [
  process.env.CERTIFICATE_FONT,
  "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
  "/usr/share/fonts/dejavu/DejaVuSans.ttf",
].filter((path): path is string => Boolean(path));

/** Scripts that need shaping or bidi, which pdf-lib lacks. */
const NEEDS_SHAPING = /[\u0590-\u08ff\u0900-\u0dff\ufb1d-\ufdff\ufe70-\ufeff]/u;

function encodes(font: PDFFont, text: string): boolean {
  try {
    font.encodeText(text);
    return true;
  } catch {
    return false;
  }
}

export interface CertificateText {
  id: string;
  recipientName: string;
  courseTitle: string;
  issuedOn: string;
  /** The date as YYYY-MM-DD, written when the language's own date cannot be. */
  issuedIso: string;
  verifyUrl: string;
  labels: {
    heading: string;
    certifies: string;
    completed: string;
    issued: string;
    verify: string;
    nameOnPage: string;
  };
  siteName: string;
}

async function fontFor(pdf: PDFDocument, text: string, standard: PDFFont): Promise<PDFFont | null> {
  if (encodes(standard, text)) return standard;
  if (NEEDS_SHAPING.test(text)) return null;
  for (const path of FONT_CANDIDATES) {
    if (!existsSync(path)) continue;
    pdf.registerFontkit((await import("@pdf-lib/fontkit")).default);
    const font = await pdf.embedFont(readFileSync(path), { subset: true });
    const missing = [...text].some((ch) => !font.getCharacterSet().includes(ch.codePointAt(0)!));
    if (!missing) return font;
  }
  return null;
}

export async function certificatePdf(input: CertificateText): Promise<Uint8Array> {
  const { PDFDocument, rgb, StandardFonts } = await import("pdf-lib");
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${input.labels.heading}: ${input.courseTitle}`);
  pdf.setCreator(input.siteName);
  const page = pdf.addPage([842, 595]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.11, 0.08, 0.19);
  const accent = rgb(0.55, 0.36, 0.96);
  page.drawRectangle({
    x: 24,
    y: 24,
    width: 794,
    height: 547,
    borderColor: accent,
    borderWidth: 3,
  });

  const center = async (
    text: string,
    y: number,
    size: number,
    standard: PDFFont,
    fallback?: string,
  ) => {
    const font = await fontFor(pdf, text, standard);
    const shown = font ? text : fallback;
    if (!shown) return;
    const used = font ?? ((await fontFor(pdf, shown, standard)) as PDFFont | null);
    if (!used) return;
    let fontSize = size;
    while (fontSize > 10 && used.widthOfTextAtSize(shown, fontSize) > 740) fontSize -= 1;
    const width = used.widthOfTextAtSize(shown, fontSize);
    page.drawText(shown, { x: (842 - width) / 2, y, size: fontSize, font: used, color: ink });
  };

  await center(input.siteName, 510, 16, regular, " ");
  await center(input.labels.heading, 440, 36, bold, "Certificate of Completion");
  await center(input.labels.certifies, 390, 16, regular, "This certifies that");
  await center(input.recipientName, 340, 32, bold, input.labels.nameOnPage);
  await center(input.labels.completed, 295, 16, regular, "has completed the course");
  await center(input.courseTitle, 250, 24, bold, input.labels.nameOnPage);
  await center(`${input.labels.issued} ${input.issuedOn}`, 180, 14, regular, input.issuedIso);
  await center(`${input.labels.verify} ${input.verifyUrl}`, 90, 11, regular, input.verifyUrl);
  return pdf.save();
}

/** The PDF of a stored certificate, its labels in `locale`. */
export function certificatePdfIn(
  locale: Locale,
  certificate: { id: string; recipientName: string; courseTitle: string; issuedAt: Date },
  site: { name: string; verifyUrl: string },
): Promise<Uint8Array> {
  const t = serverT(locale);
  return certificatePdf({
    id: certificate.id,
    recipientName: certificate.recipientName,
    courseTitle: certificate.courseTitle,
    issuedOn: new Intl.DateTimeFormat(locale, { dateStyle: "long" }).format(certificate.issuedAt),
    issuedIso: certificate.issuedAt.toISOString().slice(0, 10),
    verifyUrl: site.verifyUrl,
    siteName: site.name,
    labels: {
      heading: t("academy.certificate.title"),
      certifies: t("academy.certificate.certifies"),
      completed: t("academy.certificate.completed"),
      issued: t("academy.certificate.issued"),
      verify: t("academy.certificate.verify"),
      nameOnPage: t("academy.certificate.nameOnPage"),
    },
  });
}
