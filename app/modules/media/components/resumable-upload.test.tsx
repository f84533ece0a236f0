import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { createI18n } from "#app/i18n/i18n";
import { I18nProvider } from "#app/i18n/react";
import ar from "#app/i18n/locales/ar.json";
import en from "#app/i18n/locales/en.json";
import { MEDIA_PURPOSES } from "#app/modules/media";
import { ResumableUpload } from "./resumable-upload";

const render = (language: "en" | "ar", disabled = false) =>
  renderToStaticMarkup(
    <I18nProvider i18n={createI18n(language, language === "en" ? en : ar)}>
      <ResumableUpload
        name="mediaFileId"
        purpose="video"
        accept={MEDIA_PURPOSES.video.types.join(",")}
        disabled={disabled}
      />
    </I18nProvider>,
  );

describe("the resumable upload field", () => {
  it("starts as a labelled file picker with an empty hidden field for the form", () => {
    const html = render("en");
    expect(html).toContain('<input type="hidden" name="mediaFileId" value=""/>');
    expect(html).toMatch(
      /<label for="([^"]+)"[^>]*>Choose a file<\/label><input id="\1" type="file"/,
    );
    expect(html).toContain('accept="video/mp4,video/webm,video/ogg,video/quicktime"');
    // No progress bar, buttons or error before a file is chosen.
    expect(html).not.toContain("progressbar");
    expect(html).not.toContain("<button");
    expect(html).not.toContain('role="alert"');
  });

  it("speaks the page's language and can be disabled", () => {
    expect(render("ar")).toContain("اختر ملفًا");
    expect(render("en", true)).toMatch(/type="file"[^>]*disabled=""/);
  });
});
