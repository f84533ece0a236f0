import { ExternalLink, Play } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "#app/i18n/react";
import { Button } from "#app/components/ui/button";
import { embedPlayerUrl, embedWatchUrl, type VideoEmbed } from "../embed";

/**
 * A YouTube or Vimeo video behind a click-to-load facade: until the member presses Play nothing
 * is requested from the provider (docs/ARCHITECTURE.md "Remote images", "Videos"); then the
 * provider's player (youtube-nocookie.com, or Vimeo with dnt=1) loads in an iframe the page's CSP
 * `frame-src` allows. Without JavaScript the link to the provider's own page remains.
 */
export function EmbedPlayer({ embed, title }: { embed: VideoEmbed; title: string }) {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState(false);
  const src = embedPlayerUrl(embed);
  const provider = t(`videos.card.${embed.provider}`);
  if (playing && src) {
    return (
      <div className="aspect-video overflow-hidden rounded-xl bg-black">
        <iframe
          src={src}
          title={title}
          className="size-full"
          allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
        />
      </div>
    );
  }
  return (
    <div
      className="flex aspect-video flex-col items-center justify-center gap-3 rounded-xl bg-muted p-4 text-center"
      data-testid="video-facade"
    >
      <Button type="button" size="lg" onClick={() => setPlaying(true)} disabled={!src}>
        <Play aria-hidden="true" />
        {t("videos.page.play")}
      </Button>
      <p className="max-w-md text-sm text-muted-foreground">
        {t("videos.page.facadeNotice", { provider })}
      </p>
      <a
        href={embedWatchUrl(embed)}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="inline-flex items-center gap-1 text-sm underline"
      >
        {t("videos.page.watchOn", { provider })}
        <ExternalLink aria-hidden="true" className="size-3.5" />
        <span className="sr-only">{t("search.newTab")}</span>
      </a>
    </div>
  );
}
