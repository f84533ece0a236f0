import { useTranslation } from "#app/i18n/react";
import { fileKind, formatSize } from "#app/modules/media";

/** "PDF · 1.2 MB": what a file is, by its bytes' type and size. */
export function FileFacts({ file }: { file: { contentType: string; size: number } }) {
  const { i18n } = useTranslation();
  return (
    <span>
      <bdi>{fileKind(file.contentType)}</bdi> · <bdi>{formatSize(file.size, i18n.language)}</bdi>
    </span>
  );
}
