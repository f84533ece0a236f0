import { useTranslation } from "#app/i18n/react";

/** A performed ritual's photos, each opening at full size in its own tab. */
export function PetitionPhotos({ photos }: { photos: Array<{ id: string; url: string }> }) {
  const { t } = useTranslation();
  if (photos.length === 0) return null;
  return (
    <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="petition-photos">
      {photos.map((photo, index) => {
        const alt = t("petitions.photos.alt", { number: index + 1 });
        return (
          <li key={photo.id}>
            <a href={photo.url} target="_blank" rel="noreferrer" className="block">
              <img
                src={photo.url}
                alt={alt}
                loading="lazy"
                className="aspect-square w-full rounded-lg border border-border object-cover"
              />
            </a>
          </li>
        );
      })}
    </ul>
  );
}
