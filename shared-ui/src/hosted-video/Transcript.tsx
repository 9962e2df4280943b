import { formatVideoTime } from '@courseport/contracts';
import { useEffect, useRef } from 'react';
import type { TranscriptCue } from './captions';

export interface TranscriptProps {
  /** The captions language's label ('English'). */
  label: string;
  cues: TranscriptCue[];
  /** The captions file could not be loaded. */
  failed?: boolean;
  /** The cue being spoken, or -1. */
  current: number;
  onSeek: (seconds: number) => void;
}

/**
 * The captions as a transcript: each cue a button that seeks there, the one being spoken marked
 * (`aria-current`) and kept in view inside the panel (the page itself never scrolls with it, nor
 * while the viewer is moving through the cues with the keyboard).
 */
export function Transcript({ label, cues, failed = false, current, onSeek }: TranscriptProps) {
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const list = listRef.current;
    const item = current >= 0 ? (list?.children[current] as HTMLElement | undefined) : undefined;
    if (!list || !item || list.contains(document.activeElement)) return;
    list.scrollTop = Math.max(0, item.offsetTop - (list.clientHeight - item.offsetHeight) / 2);
  }, [current]);

  return (
    <section className="cp-hv-transcript" aria-label={`Transcript (${label})`}>
      {cues.length === 0 ? (
        <p className="cp-hv-transcript-empty">
          {failed ? 'The transcript could not be loaded.' : 'Loading the transcript…'}
        </p>
      ) : (
        <ol ref={listRef} className="cp-hv-cues">
          {cues.map((cue, index) => (
            <li key={`${cue.start}-${cue.end}-${cue.text}`}>
              <button
                type="button"
                className="cp-hv-cue"
                aria-current={index === current ? 'true' : undefined}
                onClick={() => onSeek(cue.start)}
              >
                <span className="cp-hv-cue-time">{formatVideoTime(cue.start)}</span>
                <span>{cue.text}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
