import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  /** The HTML alternative, when the mail has one (#35). */
  html: string;
  /** Every header, lower-cased names, as sent (#35: `list-unsubscribe`, `list-unsubscribe-post`). */
  headers: Record<string, string>;
}

/**
 * A real SMTP server on a loopback port that keeps what it receives (the API's `SMTP_URL` points
 * here, in the API tests and the end-to-end ones alike). `failNext(n)` refuses the next n
 * deliveries with a temporary error, as a busy mail server would.
 */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const waiters: Array<{ match: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }> = [];
  let failures = 0;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      if (failures > 0) {
        failures -= 1;
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Try again later'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          const mail: ReceivedMail = {
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            headers: Object.fromEntries(
              parsed.headerLines.map((h) => [
                h.key,
                h.line
                  .slice(h.line.indexOf(':') + 1)
                  .replace(/\r?\n\s+/g, ' ')
                  .trim(),
              ]),
            ),
          };
          received.push(mail);
          for (const waiter of waiters.filter((w) => w.match(mail))) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(mail);
          }
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    failNext(count: number) {
      failures = count;
    },
    /** Resolves with the first mail (already received or still to come) that matches. */
    waitFor(match: (m: ReceivedMail) => boolean, timeoutMs = 15_000): Promise<ReceivedMail> {
      const found = received.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`No such mail within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          match,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      });
    },
    /** The first mail to `address` (already received or still to come) that `match` accepts. */
    waitForMailTo(address: string, match: (m: ReceivedMail) => boolean = () => true, timeoutMs = 15_000) {
      return this.waitFor((m) => m.to.includes(address) && match(m), timeoutMs);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text. */
export const linkIn = (text: string) => /https?:\/\/\S+/.exec(text)?.[0] ?? '';
