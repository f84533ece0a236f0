import { addTranslation, setLanguage } from "media-chrome/dist/utils/i18n.js";
import {
  MediaCaptionsButton,
  MediaControlBar,
  MediaController,
  MediaFullscreenButton,
  MediaLoadingIndicator,
  MediaMuteButton,
  MediaPlayButton,
  MediaPlaybackRateButton,
  MediaSeekBackwardButton,
  MediaSeekForwardButton,
  MediaTimeDisplay,
  MediaTimeRange,
  MediaVolumeRange,
} from "media-chrome/react";
import { useTranslation } from "#app/i18n/react";
import type { TFunction } from "#app/i18n/i18n";
import { cn } from "#app/lib/cn";
import type { VideoPlayerProps } from "./video-player";

/** Seconds the seek buttons move by (the arrow keys move by media-chrome's 10 too). */
const SEEK_SECONDS = 10;

/**
 * media-chrome's own texts (its English dictionary's keys, placeholders in single braces) in the
 * page's language, from the `media.player` texts. A text media-chrome names that is not here
 * falls back to its English.
 */
function playerTexts(t: TFunction): Record<string, string> {
  const play = t("media.player.play");
  const pause = t("media.player.pause");
  const mute = t("media.player.mute");
  const unmute = t("media.player.unmute");
  const enterFullscreen = t("media.player.enterFullscreen");
  const exitFullscreen = t("media.player.exitFullscreen");
  const rate = t("media.player.playbackRate");
  return {
    Play: play,
    play,
    Pause: pause,
    pause,
    "Seek backward": t("media.player.seekBack", { seconds: "{seekOffset}" }),
    "seek back {seekOffset} seconds": t("media.player.seekBack", { seconds: "{seekOffset}" }),
    "Seek forward": t("media.player.seekForward", { seconds: "{seekOffset}" }),
    "seek forward {seekOffset} seconds": t("media.player.seekForward", { seconds: "{seekOffset}" }),
    Mute: mute,
    mute,
    Unmute: unmute,
    unmute,
    volume: t("media.player.volume"),
    seek: t("media.player.seek"),
    "Enter fullscreen mode": enterFullscreen,
    "enter fullscreen mode": enterFullscreen,
    "Exit fullscreen mode": exitFullscreen,
    "exit fullscreen mode": exitFullscreen,
    "Playback rate": rate,
    "current playback rate": rate,
    // The button shows "1x": its name holds what it shows (WCAG 2.5.3).
    "Playback rate {playbackRate}": t("media.player.playbackRateValue", {
      rate: "{playbackRate}x",
    }),
    Captions: t("media.player.captions"),
    "closed captions": t("media.player.captions"),
    "Enable captions": t("media.player.captionsOn"),
    "Disable captions": t("media.player.captionsOff"),
    "video player": t("media.player.player"),
    "playback time": t("media.player.time"),
    "{currentTime} of {totalTime}": t("media.player.timeOf", {
      current: "{currentTime}",
      total: "{totalTime}",
    }),
    "{time} remaining": t("media.player.remaining", { time: "{time}" }),
    "media loading": t("media.player.loading"),
    "video not loaded, unknown time.": t("media.player.unknownTime"),
    hour: t("media.player.hour"),
    hours: t("media.player.hours"),
    minute: t("media.player.minute"),
    minutes: t("media.player.minutes"),
    second: t("media.player.second"),
    seconds: t("media.player.seconds"),
    "Network Error": t("media.player.errorTitle"),
    "Decode Error": t("media.player.errorTitle"),
    "Source Not Supported": t("media.player.errorTitle"),
    "A network error caused the media download to fail.": t("media.player.errorNetwork"),
    "A media error caused playback to be aborted. The media could be corrupt or your browser does not support this format.":
      t("media.player.errorDecode"),
    "An unsupported error occurred. The server or network failed, or your browser does not support this format.":
      t("media.player.errorUnsupported"),
  };
}

/**
 * The controls of `VideoPlayer` (loaded lazily by it). The player is laid out left to right in
 * every language, as time runs on its slider; its labels are in the page's language.
 */
export default function ChromePlayer({
  src,
  poster,
  title,
  captions,
  className,
}: VideoPlayerProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  // media-chrome keeps one dictionary per language for the whole page; the elements read it when
  // they render their labels, so it is set before they are created.
  addTranslation(lang, playerTexts(t));
  setLanguage(lang);
  return (
    <MediaController
      lang={lang}
      dir="ltr"
      aria-label={title}
      className={cn("block aspect-video w-full overflow-hidden rounded-xl bg-black", className)}
      data-testid="video-player-controls"
    >
      <video
        slot="media"
        src={src}
        poster={poster ?? undefined}
        preload="metadata"
        playsInline
        aria-label={title}
        className="h-full w-full object-contain"
        data-testid="video-player"
      >
        {captions ? (
          <track
            kind="captions"
            src={captions.src}
            srcLang={captions.lang}
            label={captions.label}
          />
        ) : null}
      </video>
      <MediaLoadingIndicator slot="centered-chrome" noAutohide />
      {/* No hover tooltips: a toggle's tooltip text lags behind its label while it changes
          (axe: label-content-name-mismatch), and the seek buttons' showed their placeholder.
          Every control keeps its translated accessible name. */}
      <MediaControlBar className="w-full">
        <MediaPlayButton noTooltip />
        <MediaSeekBackwardButton
          noTooltip
          seekOffset={SEEK_SECONDS}
          className="hidden sm:inline-flex"
        />
        <MediaSeekForwardButton
          noTooltip
          seekOffset={SEEK_SECONDS}
          className="hidden sm:inline-flex"
        />
        <MediaTimeRange className="min-w-0 flex-1" />
        {/* Text, not a button: its name would differ from the time it shows (WCAG 2.5.3). */}
        <MediaTimeDisplay showDuration noToggle />
        <MediaMuteButton noTooltip />
        <MediaVolumeRange className="hidden sm:inline-flex" />
        <MediaPlaybackRateButton noTooltip className="hidden sm:inline-flex" />
        {captions ? <MediaCaptionsButton noTooltip /> : null}
        <MediaFullscreenButton noTooltip />
      </MediaControlBar>
    </MediaController>
  );
}
