/** The viewer's captions choice (a language, or off), kept in this browser for every hosted video. */
export const CAPTIONS_KEY = 'courseport.captions';
export const CAPTIONS_OFF = 'off';

export function rememberedCaptions(): string | null {
  try {
    return localStorage.getItem(CAPTIONS_KEY);
  } catch {
    return null;
  }
}

export function rememberCaptions(choice: string): void {
  try {
    localStorage.setItem(CAPTIONS_KEY, choice);
  } catch {
    // Storage refused (private mode): the choice lasts for this page.
  }
}

/** A cue of the transcript. */
export interface TranscriptCue {
  start: number;
  end: number;
  text: string;
}

/** The cue's words without WebVTT's tags (`<v Speaker>`, `<i>`). */
function cueText(cue: TextTrackCue): string {
  const vtt = cue as TextTrackCue & { text?: string; getCueAsHTML?: () => DocumentFragment };
  if (typeof vtt.getCueAsHTML === 'function') return vtt.getCueAsHTML().textContent ?? '';
  return (vtt.text ?? '').replace(/<[^>]*>/g, '');
}

/** The cues a loaded text track holds, in time order. */
export function cuesOf(track: TextTrack | null | undefined): TranscriptCue[] {
  const cues = track?.cues;
  if (!cues) return [];
  const list: TranscriptCue[] = [];
  for (let i = 0; i < cues.length; i++) {
    const cue = cues[i];
    if (cue) list.push({ start: cue.startTime, end: cue.endTime, text: cueText(cue).trim() });
  }
  return list.sort((a, b) => a.start - b.start);
}

/** The cue being spoken at `time` (the latest that started, while it lasts), or -1. */
export function currentCueIndex(cues: TranscriptCue[], time: number): number {
  let found = -1;
  for (let i = 0; i < cues.length; i++) {
    const cue = cues[i] as TranscriptCue;
    if (cue.start > time) break;
    if (time < cue.end) found = i;
  }
  return found;
}
