import { linkIn } from '../../api/test/support/smtp';

// One SMTP test server for the API's tests and these.
export { linkIn, type ReceivedMail, startSmtpServer } from '../../api/test/support/smtp';

interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  link?: string;
  createdAt: string;
}

/**
 * The link of the newest mail to `address` in the demo outbox (`GET /api/auth/dev-outbox` on the
 * API's own address: loopback only, demo mode without SMTP). Polls a little: mail is recorded
 * before the API answers, but a caller may ask before its own request has been answered.
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
