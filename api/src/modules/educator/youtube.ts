/** A YouTube video id: always 11 characters of the URL-safe base64 alphabet. */
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com']);
/** Paths that carry the id as their second segment: /embed/<id>, /shorts/<id>, /live/<id>, /v/<id>. */
const ID_PATHS = new Set(['embed', 'shorts', 'live', 'v']);

/**
 * The video id of a YouTube link, or null for anything else: `https://www.youtube.com/watch?v=<id>`
 * (also without `www.`, on `m.`, with other parameters in any order), `https://youtu.be/<id>`,
 * `…/embed/<id>`, `…/shorts/<id>` (and `/live/`, `/v/`, and the player's youtube-nocookie.com
 * embeds), each with an optional query or fragment. http is accepted too; a user name, a password
 * or a port is not, nor any other host (`youtube.com.example.net`).
 */
export function youtubeVideoId(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | null | undefined;
  if (host === 'youtu.be') {
    id = segments.length === 1 ? segments[0] : null;
  } else if (YOUTUBE_HOSTS.has(host) && segments.length === 1 && segments[0] === 'watch') {
    id = url.searchParams.get('v');
  } else if (YOUTUBE_HOSTS.has(host) && segments.length === 2 && ID_PATHS.has(segments[0] as string)) {
    id = segments[1];
  } else if (host === 'www.youtube-nocookie.com' && segments.length === 2 && segments[0] === 'embed') {
    id = segments[1];
  }
  return id && VIDEO_ID.test(id) ? id : null;
}

/** The one form a lecture's link is stored in; the player reads the id from its last path segment. */
export const canonicalYoutubeUrl = (videoId: string) => `https://youtu.be/${videoId}`;
