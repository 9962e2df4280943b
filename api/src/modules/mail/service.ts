import nodemailer, { type Transporter } from 'nodemailer';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Logger } from '../../logger.js';
import { newId, type Store } from '../../store/index.js';
import { type MailDoc, type MailKind, type MailRepository, mailRepository } from './repository.js';

export interface OutgoingMail {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative to the text (#35); every user-written part HTML-escaped by its template. */
  html?: string;
  /** Extra headers (#35: RFC 8058's `List-Unsubscribe` and `List-Unsubscribe-Post`). */
  headers?: Record<string, string>;
  /** The one link the mail is about (kept on outbox mails so a demo can follow it). */
  link?: string;
}

export const MAX_ATTEMPTS = 6;
/** A claimed mail whose sender died is tried again after this long. */
const LEASE_MS = 60_000;
const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 3_600_000);

export interface MailerOptions {
  repo: MailRepository;
  clock: Clock;
  logger: Logger;
  from: string;
  /** SMTP transport (nodemailer); without one, mails stay in the outbox (demo mode). */
  smtpUrl?: string;
}

/** Outgoing mail: recorded first, then delivered over SMTP with retries (or kept in the demo outbox). */
export function createMailer({ repo, clock, logger, from, smtpUrl }: MailerOptions) {
  const transport: Transporter | null = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  const inFlight = new Set<Promise<unknown>>();

  const track = <T>(promise: Promise<T>) => {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise)).catch(() => {});
    return promise;
  };

  async function deliver(id: string): Promise<boolean> {
    if (!transport) return false;
    const now = clock.now();
    const mail = await repo.findOneAndUpdate(
      { _id: id, status: 'pending' },
      { $set: { status: 'sending', nextAttemptAt: new Date(now.getTime() + LEASE_MS) } },
    );
    if (!mail) return false;
    try {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(mail.headers ? { headers: mail.headers } : {}),
      });
      await repo.updateOne(
        { _id: id },
        {
          $set: { status: 'sent', sentAt: clock.now() },
          $unset: { text: true, html: true, headers: true, link: true },
        },
      );
      return true;
    } catch (error) {
      const attempts = mail.attempts + 1;
      const failed = attempts >= MAX_ATTEMPTS;
      const reason = error instanceof Error ? error.message : String(error);
      logger.warn({ mailId: id, kind: mail.kind, attempts, err: reason }, 'sending a mail failed');
      await repo.updateOne(
        { _id: id },
        failed
          ? {
              $set: { status: 'failed', attempts, lastError: reason },
              $unset: { text: true, html: true, headers: true, link: true },
            }
          : {
              $set: {
                status: 'pending',
                attempts,
                lastError: reason,
                nextAttemptAt: new Date(clock.now().getTime() + backoffMs(attempts)),
              },
            },
      );
      return false;
    }
  }

  return {
    transport: transport ? ('smtp' as const) : ('outbox' as const),

    /** Records the mail and starts delivering it; resolves once it is recorded, not when it is sent. */
    async send(mail: OutgoingMail): Promise<void> {
      const now = clock.now();
      const doc: MailDoc = {
        _id: newId(),
        ...mail,
        status: transport ? 'pending' : 'outbox',
        attempts: 0,
        nextAttemptAt: now,
        createdAt: now,
      };
      await repo.insertOne(doc);
      if (transport) {
        track(deliver(doc._id)).catch((error: unknown) => logger.error({ err: error }, 'mail delivery crashed'));
      }
    },

    /** Delivers every mail that is due (retries, and mails whose sender stopped mid-way). Returns how many were sent. */
    async deliverDue(): Promise<number> {
      if (!transport) return 0;
      const now = clock.now();
      await repo.updateMany({ status: 'sending', nextAttemptAt: { $lte: now } }, { $set: { status: 'pending' } });
      const due = await repo.find({ status: 'pending', nextAttemptAt: { $lte: now } }, { limit: 100 });
      let sent = 0;
      for (const mail of due) if (await track(deliver(mail._id))) sent += 1;
      return sent;
    },

    /** The demo outbox, newest first. */
    outbox(limit = 20): Promise<MailDoc[]> {
      return repo.find({ status: 'outbox' }, { sort: { createdAt: -1 }, limit });
    },

    /** Waits for deliveries under way (graceful shutdown, tests). */
    async settle(): Promise<void> {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },

    close(): void {
      transport?.close();
    },
  };
}
export type Mailer = ReturnType<typeof createMailer>;

/** The mailer a configuration asks for: SMTP when SMTP_URL is set, else the demo outbox. */
export function mailerFor(config: Config, store: Store, clock: Clock, logger: Logger): Mailer {
  return createMailer({
    repo: mailRepository(store),
    clock,
    logger,
    from: config.mail.from,
    smtpUrl: config.mail.smtpUrl,
  });
}
