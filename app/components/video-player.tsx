import { Suspense, lazy } from "react";
import { useHydrated } from "#app/hooks/use-hydrated";
import { cn } from "#app/lib/cn";

export interface VideoPlayerProps {
  /** The video's address (`/media/files/<id>`: range requests, so seeking works). */
  src: string;
  poster?: string | null;
  /** What is playing: the player's accessible name. */
  title: string;
  /** A WebVTT captions track, when the video has one. */
  captions?: { src: string; lang: string; label: string } | null;
  className?: string;
}

// The controls (media-chrome's custom elements) load only on pages that show a video, after
// hydration: the page works before that with the browser's own controls.
const ChromePlayer = lazy(() => import("./video-player-chrome"));

/** The browser's own player: what the server renders and what shows until the controls load. */
export function PlainVideo({ src, poster, title, captions, className }: VideoPlayerProps) {
  return (
    <video
      controls
      preload="metadata"
      playsInline
      src={src}
      poster={poster ?? undefined}
      aria-label={title}
      className={cn("aspect-video w-full rounded-xl bg-black", className)}
      data-testid="video-player"
    >
      {captions ? (
        <track kind="captions" src={captions.src} srcLang={captions.lang} label={captions.label} />
      ) : null}
    </video>
  );
}

/**
 * The site's video player (docs/decisions/054-lesson-media.md): media-chrome's controls around a
 * plain `<video>` — play/pause, seek back and forward, a time slider, the time, mute and volume,
 * speed, captions when there are some, full screen — each a labelled button or slider in the
 * page's language, operable from the keyboard (space or k plays and pauses, the arrows seek and
 * change the volume while focus is in the player).
 */
export function VideoPlayer(props: VideoPlayerProps) {
  const hydrated = useHydrated();
  const plain = <PlainVideo {...props} />;
  if (!hydrated) return plain;
  return (
    <Suspense fallback={plain}>
      <ChromePlayer {...props} />
    </Suspense>
  );
}
