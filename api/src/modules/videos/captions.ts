import { CAPTION_LANGUAGE_PATTERN, CAPTION_MAX_BYTES } from '@courseport/contracts';
import { ParseError, parseText, type VTTCue } from 'media-captions';
import { z } from 'zod';
import { badRequest, HttpError } from '../../http/errors.js';

export const NOT_CAPTIONS = 'The captions file is not valid WebVTT or SRT';
export const CAPTIONS_TOO_LARGE = `The captions file is too large: it may be at most ${CAPTION_MAX_BYTES / 1024} KB`;
export const BAD_CAPTION_LANGUAGE = 'The caption language must be a language tag such as en, hi or pt-BR';

/** What the player's menu shows: tags, control, format and bidi-override characters and angle brackets removed, spaces folded. */
export function cleanLabel(value: string): string {
  return (
    value
      .replace(/<[^<>]*>/g, '')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
      .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff<>]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** `PUT /api/educator/videos/:id/captions/:lang`'s body. */
export const captionBodySchema = z.object({
  label: z
    .string('must be text')
    .transform(cleanLabel)
    .pipe(z.string().min(1, 'is required').max(60, 'must be at most 60 characters')),
  text: z.string('must be the text of a WebVTT or SRT file').min(1, 'is required'),
});

export const isCaptionLanguage = (lang: string | undefined): lang is string =>
  typeof lang === 'string' && lang.length <= 10 && CAPTION_LANGUAGE_PATTERN.test(lang);

/** Cue text WebVTT renders: the tags it knows (b, i, u, c, v, lang, ruby, rt, timestamps); any other tag (SRT's `<font>`) goes. */
const VTT_TAG = /^<\/?(?:[biu]|c|v|lang|ruby|rt)(?:[.\s][^<>]*)?>$|^<\d{1,}:\d{2}(?::\d{2})?\.\d{3}>$/;

function cueText(text: string): string {
  return text
    .replace(/<[^<>]*>/g, (tag) => (VTT_TAG.test(tag) ? tag : ''))
    .replace(/-->/g, '→')
    .split(/\r\n|\r|\n/)
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '')
    .join('\n');
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `hh:mm:ss.ttt` */
export function vttTime(seconds: number): string {
  const ms = Math.round(Math.max(0, seconds) * 1000);
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

/** A cue's settings as WebVTT writes them (only those that differ from the defaults). */
function cueSettings(cue: VTTCue): string {
  const settings: string[] = [];
  if (cue.vertical) settings.push(`vertical:${cue.vertical}`);
  if (cue.line !== 'auto' && Number.isFinite(cue.line))
    settings.push(
      `line:${cue.line}${cue.snapToLines ? '' : '%'}${cue.lineAlign !== 'start' ? `,${cue.lineAlign}` : ''}`,
    );
  if (cue.position !== 'auto' && Number.isFinite(cue.position))
    settings.push(`position:${cue.position}%${cue.positionAlign !== 'auto' ? `,${cue.positionAlign}` : ''}`);
  if (cue.size !== 100 && Number.isFinite(cue.size)) settings.push(`size:${cue.size}%`);
  if (cue.align !== 'center') settings.push(`align:${cue.align}`);
  return settings.length ? ` ${settings.join(' ')}` : '';
}

export interface ParsedCaptions {
  /** The WebVTT the API stores and serves, written anew from the parsed cues. */
  vtt: string;
  cues: number;
}

/**
 * A captions file as the educator sent it (WebVTT, or SRT: told apart by the WebVTT signature),
 * parsed strictly by media-captions and written anew as WebVTT from its cues: only cues, their
 * timings, settings and the tags WebVTT knows reach a player. 400 with the parser's reason when it
 * is not valid (or has no cue), 413 over CAPTION_MAX_BYTES.
 */
export async function parseCaptions(text: string): Promise<ParsedCaptions> {
  if (Buffer.byteLength(text) > CAPTION_MAX_BYTES) throw new HttpError(413, CAPTIONS_TOO_LARGE);
  const source = text.replace(/^\ufeff/, '');
  const type = /^WEBVTT(?:[ \t\r\n]|$)/.test(source) ? 'vtt' : 'srt';
  let cues: VTTCue[];
  try {
    const result = await parseText(source, { type, strict: true, errors: true });
    const [first] = result.errors;
    if (first) throw first;
    cues = result.cues;
  } catch (error) {
    const reason = error instanceof ParseError ? `${error.message} (line ${error.line})` : 'it could not be read';
    throw badRequest(`${NOT_CAPTIONS}: ${reason}`);
  }
  const kept = cues
    .filter((cue) => Number.isFinite(cue.startTime) && Number.isFinite(cue.endTime) && cue.endTime > cue.startTime)
    .map((cue) => ({ cue, text: cueText(cue.text) }))
    .filter(({ text: t }) => t !== '');
  if (kept.length === 0)
    throw badRequest(
      `${NOT_CAPTIONS}: no cue was found${type === 'srt' ? ' (a WebVTT file starts with the line WEBVTT)' : ''}`,
    );
  const blocks = kept.map(
    ({ cue, text: t }, index) =>
      `${index + 1}\n${vttTime(cue.startTime)} --> ${vttTime(cue.endTime)}${type === 'vtt' ? cueSettings(cue) : ''}\n${t}`,
  );
  return { vtt: `WEBVTT\n\n${blocks.join('\n\n')}\n`, cues: kept.length };
}
