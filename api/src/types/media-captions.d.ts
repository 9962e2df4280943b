/**
 * media-captions 1.0.4 ships its types with extensionless relative re-exports, which NodeNext
 * resolution cannot follow (its root types export nothing then). What the API uses of it (#33
 * captions: `videos/captions.ts`), as the package's own `dist/types` declares it.
 */
declare module 'media-captions' {
  export class ParseError extends Error {
    readonly code: number;
    readonly line: number;
  }
  export interface VTTCue {
    id: string;
    startTime: number;
    endTime: number;
    text: string;
    vertical: '' | 'rl' | 'lr';
    snapToLines: boolean;
    line: number | 'auto';
    lineAlign: 'start' | 'center' | 'end';
    position: number | 'auto';
    positionAlign: 'line-left' | 'center' | 'line-right' | 'auto';
    size: number;
    align: 'start' | 'center' | 'end' | 'left' | 'right';
  }
  export interface ParsedCaptionsResult {
    cues: VTTCue[];
    errors: ParseError[];
  }
  export function parseText(
    text: string,
    options?: { strict?: boolean; errors?: boolean; type?: 'vtt' | 'srt' | 'ssa' | 'ass' },
  ): Promise<ParsedCaptionsResult>;
}
