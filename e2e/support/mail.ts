import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

/** The first link in a mail's text. */
export const linkIn = (text: string) => /https?:\/\/\S+/.exec(text)?.[0] ?? '';

/**
 * A real SMTP server on a loopback port that keeps what it receives (the API's `SMTP_URL` points
 * here): the platform's mails go out exactly as in production.
 */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const waiters: Array<{ match: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }> = [];

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail: ReceivedMail = {
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
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
    /** The first mail to `address` (already received or still to come) that `match` accepts. */
    waitForMailTo(address: string, match: (m: ReceivedMail) => boolean = () => true, timeoutMs = 15_000) {
      const accepts = (m: ReceivedMail) => m.to.includes(address) && match(m);
      const found = received.find(accepts);
      if (found) return Promise.resolve(found);
      return new Promise<ReceivedMail>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`No mail to ${address} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          match: accepts,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  link?: string;
  createdAt: string;
}

/**
 * The link of the newest mail to `address` in the demo outbox (`GET /api/auth/dev-outbox` on the
 * API's own address: loopback only, demo mode without SMTP). Polls, since mail is recorded after
 * the API has answered.
 */
export async function outboxLink(apiUrl: string, address: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${apiUrl}/api/auth/dev-outbox`);
    if (!res.ok) throw new Error(`dev-outbox answered ${res.status}`);
    const { messages } = (await res.json()) as { messages: OutboxMessage[] };
    const mail = messages.find((m) => m.to === address);
    const link = mail?.link ?? (mail ? linkIn(mail.text) : '');
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`No mail to ${address} in the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
