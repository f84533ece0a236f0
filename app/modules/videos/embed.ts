import type { EmbedProvider } from "./policy";

/*
 * YouTube and Vimeo addresses a member pastes, reduced to provider and video id (the only thing
 * stored). Strict on purpose: https (or http, upgraded) on the providers' own hosts, no
 * credentials, no port, the id's exact shape; anything else is refused. The player is built from
 * the id on our side, so no member-written address ever reaches an iframe.
 */

export interface VideoEmbed {
  provider: EmbedProvider;
  id: string;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^[0-9]{1,12}$/;
const YOUTUBE_HOSTS = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "music.youtube.com",
  "youtube-nocookie.com",
  "www.youtube-nocookie.com",
]);
const VIMEO_HOSTS = new Set(["vimeo.com", "www.vimeo.com", "player.vimeo.com"]);
const MAX_URL = 500;

export function parseEmbedUrl(raw: string): VideoEmbed | null {
  const value = raw.trim();
  if (value.length === 0 || value.length > MAX_URL) return null;
  // Whitespace or control characters inside, backslashes: never a plain address.
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f\\]/.test(value)) return null;
  if (!/^https?:\/\//i.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split("/").filter((part) => part.length > 0);
  if (YOUTUBE_HOSTS.has(host)) {
    let id: string | null = null;
    if (parts.length === 1 && parts[0] === "watch") id = url.searchParams.get("v");
    else if (parts.length === 2 && ["embed", "shorts", "live", "v"].includes(parts[0] ?? "")) {
      id = parts[1] ?? null;
    }
    return id && YOUTUBE_ID.test(id) ? { provider: "youtube", id } : null;
  }
  if (host === "youtu.be") {
    const id = parts.length === 1 ? parts[0] : undefined;
    return id && YOUTUBE_ID.test(id) ? { provider: "youtube", id } : null;
  }
  if (VIMEO_HOSTS.has(host)) {
    let id: string | undefined;
    if (host === "player.vimeo.com")
      id = parts.length === 2 && parts[0] === "video" ? parts[1] : undefined;
    else if (parts.length === 1) id = parts[0];
    else if (parts.length === 3 && parts[0] === "channels") id = parts[2];
    return id && VIMEO_ID.test(id) ? { provider: "vimeo", id } : null;
  }
  return null;
}

/** The player's address, built from a stored id (re-checked, so a bad row embeds nothing). */
export function embedPlayerUrl(embed: VideoEmbed): string | null {
  if (embed.provider === "youtube" && YOUTUBE_ID.test(embed.id)) {
    return `https://www.youtube-nocookie.com/embed/${embed.id}?autoplay=1&rel=0`;
  }
  if (embed.provider === "vimeo" && VIMEO_ID.test(embed.id)) {
    return `https://player.vimeo.com/video/${embed.id}?autoplay=1&dnt=1`;
  }
  return null;
}

/** Where the member can watch it on the provider's own site (a plain link, opened by choice). */
export function embedWatchUrl(embed: VideoEmbed): string {
  return embed.provider === "youtube"
    ? `https://www.youtube.com/watch?v=${embed.id}`
    : `https://vimeo.com/${embed.id}`;
}
