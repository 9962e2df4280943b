import pino, { type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string): Logger {
  return pino(
    {
      level,
      base: { service: 'courseport-api' },
      redact: ['req.headers.authorization', 'headers.authorization', '*.password'],
    },
    // Lines written in the same tick leave in one write (one per request was a syscall each);
    // whatever is buffered is flushed when the process exits.
    pino.destination({ dest: 1, sync: false }),
  );
}
