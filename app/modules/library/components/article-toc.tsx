import { useTranslation } from "#app/i18n/react";

/** "On this page": the text's headings as links to their anchors (`withHeadingAnchors`). */
export function ArticleToc({
  toc,
}: {
  toc: ReadonlyArray<{ id: string; text: string; level: 2 | 3 }>;
}) {
  const { t } = useTranslation();
  if (toc.length < 2) return null;
  return (
    <nav aria-labelledby="toc-title">
      <h2 id="toc-title" className="text-sm font-semibold">
        {t("library.onThisPage")}
      </h2>
      <ul className="mt-2 space-y-1 text-sm">
        {toc.map((entry) => (
          <li key={entry.id} className={entry.level === 3 ? "ps-4" : undefined}>
            <a
              href={`#${entry.id}`}
              className="block rounded px-2 py-1 text-muted-foreground hover:bg-muted hover:text-foreground"
              dir="auto"
            >
              {entry.text}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
