import { describe, expect, it } from "vitest";
import { PDFDocument } from "pdf-lib";
import { certificatePdf, type CertificateText } from "./certificate-pdf.server";

const text = (recipientName: string): CertificateText => ({
  id: "c0ffee00-0000-4000-8000-000000000001",
  recipientName,
  courseTitle: "Meditation Foundations",
  issuedOn: "29 November 2026",
  issuedIso: "2026-11-29",
  verifyUrl: "http://localhost:3000/certificates/c0ffee00-0000-4000-8000-000000000001",
  labels: {
    heading: "Certificate of completion",
    certifies: "This certifies that",
    completed: "has completed",
    issued: "Issued",
    verify: "Verify at",
    nameOnPage: "The name is shown on the verification page",
  },
  siteName: "Sanctuary",
});

describe("the certificate PDF", () => {
  it("is one A4 landscape page, for a Latin name and for names other fonts must write", async () => {
    for (const name of ["Ada Lovelace", "Ελένη Παπαδοπούλου", "مريم"]) {
      const bytes = await certificatePdf(text(name));
      expect(Buffer.from(bytes.subarray(0, 5)).toString(), name).toBe("%PDF-");
      const document = await PDFDocument.load(bytes);
      expect(document.getPageCount()).toBe(1);
      const { width, height } = document.getPage(0).getSize();
      expect(Math.round(width)).toBeGreaterThan(Math.round(height));
      expect(document.getTitle()).toBe("Certificate of completion: Meditation Foundations");
    }
  });
});
