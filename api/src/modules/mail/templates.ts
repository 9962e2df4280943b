import { cleanName } from '../../http/plain-text.js';
import type { OutgoingMail } from './service.js';

/** A stored name as a mail's greeting draws it: cleaned again, whatever an older version stored (#30). */
const greet = (name: string) => `Hi ${cleanName(name) || 'there'},`;

/** The platform's mails, as plain text: what each says, in one place. */
export const mails = {
  verifyEmail: (to: string, name: string, link: string): OutgoingMail => ({
    kind: 'verify-email',
    to,
    subject: 'Confirm your Courseport e-mail address',
    text: `${greet(name)}\n\nConfirm your e-mail address and sign in to Courseport by opening this link:\n\n${link}\n\nIf you did not create a Courseport account, you can ignore this mail.\n`,
    link,
  }),

  signUpExisting: (to: string, name: string, link: string): OutgoingMail => ({
    kind: 'sign-up-existing',
    to,
    subject: 'Someone tried to create a Courseport account with your e-mail',
    text: `${greet(name)}\n\nSomeone tried to create a new Courseport account with this e-mail address, which already has one.\n\nIf it was you, sign in instead. If you forgot your password, reset it here:\n\n${link}\n\nIf it was not you, you can ignore this mail: nothing was changed.\n`,
    link,
  }),

  resetPassword: (to: string, name: string, link: string, validMinutes: number): OutgoingMail => ({
    kind: 'reset-password',
    to,
    subject: 'Reset your Courseport password',
    text: `${greet(name)}\n\nOpen this link to choose a new password (it works once, for ${validMinutes} minutes):\n\n${link}\n\nIf you did not ask for this, you can ignore this mail: your password stays as it is.\n`,
    link,
  }),

  passwordChanged: (to: string, name: string): OutgoingMail => ({
    kind: 'password-changed',
    to,
    subject: 'Your Courseport password was changed',
    text: `${greet(name)}\n\nThe password of your Courseport account was just changed, and your other sessions were signed out.\n\nIf this was not you, reset your password at once with "Forgot password?" on the sign-in dialog.\n`,
  }),

  receipt: (
    to: string,
    name: string,
    purchase: { id: string; courseTitle: string; amount: string; date: Date; simulated: boolean; link: string },
  ): OutgoingMail => ({
    kind: 'receipt',
    to,
    subject: `Your Courseport receipt: ${purchase.courseTitle}`,
    text: `${greet(name)}\n\nThank you for your purchase.\n\nCourse: ${purchase.courseTitle}\nAmount: ${purchase.amount}\nDate: ${purchase.date.toISOString().slice(0, 10)}\nReceipt number: ${purchase.id}\n${purchase.simulated ? '\nThis was a simulated payment (demo): no money was taken.\n' : ''}\nStart learning: ${purchase.link}\n`,
    link: purchase.link,
  }),

  priceDrop: (
    to: string,
    name: string,
    course: { title: string; from: string; to: string; link: string },
  ): OutgoingMail => ({
    kind: 'price-drop',
    to,
    subject: `A course on your wishlist is now cheaper: ${course.title}`,
    text: `${greet(name)}\n\nA course on your Courseport wishlist is now cheaper.\n\nCourse: ${course.title}\nWas: ${course.from}\nNow: ${course.to}\n\nSee it here: ${course.link}\n\nYou get this mail because you saved the course to your wishlist; remove it there to stop hearing about it.\n`,
    link: course.link,
  }),
};

/** Text as HTML: `&`, `<`, `>`, `"`, `'` escaped, line breaks kept (#35: every user-written part of an HTML mail). */
export const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
const htmlParagraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
const htmlPage = (body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"></head><body style="font-family:sans-serif;line-height:1.5">\n${body}\n</body></html>`;

/** What a notification mail (#35) says: the event, where to see it, and how to stop such mails. */
export interface NotificationMailContent {
  subject: string;
  /** Plain text: the event (the caller's own wording, or the notification's text). */
  text: string;
  /** Absolute URL of the page the notification is about. */
  link: string;
  /** Absolute URL of the API's one-click unsubscribe: the `List-Unsubscribe` header (RFC 8058). */
  unsubscribeUrl: string;
  /** Absolute URL of the app's unsubscribe page for the same token: the footer's link, for people. */
  unsubscribePageUrl: string;
  /** What the unsubscribe stops, for the footer ("mails about course announcements"). */
  unsubscribeWhat: string;
}

/** RFC 8058's one-click unsubscribe headers. */
export const unsubscribeHeaders = (url: string) => ({
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

type Footer = Pick<NotificationMailContent, 'unsubscribePageUrl' | 'unsubscribeWhat'>;
const footerText = (c: Footer) =>
  `\n--\nYou get this mail because of your Courseport notification settings. To stop ${c.unsubscribeWhat}, open: ${c.unsubscribePageUrl}\n`;
const footerHtml = (c: Footer) =>
  `<hr><p style="font-size:12px;color:#666">You get this mail because of your Courseport notification settings. <a href="${escapeHtml(c.unsubscribePageUrl)}">Stop ${escapeHtml(c.unsubscribeWhat)}</a>.</p>`;

export const notificationMails = {
  /** One notification, mailed as it happens. */
  single: (to: string, name: string, c: NotificationMailContent): OutgoingMail => ({
    kind: 'notification',
    to,
    subject: c.subject,
    text: `${greet(name)}\n\n${c.text}\n\nSee it on Courseport: ${c.link}\n${footerText(c)}`,
    html: htmlPage(
      `<p>${escapeHtml(greet(name))}</p>\n${htmlParagraphs(c.text)}\n<p><a href="${escapeHtml(c.link)}">See it on Courseport</a></p>\n${footerHtml(c)}`,
    ),
    headers: unsubscribeHeaders(c.unsubscribeUrl),
    link: c.link,
  }),

  /** A burst's digest: "3 new notifications", the newest titles, one link to the list. */
  digest: (
    to: string,
    name: string,
    d: {
      count: number;
      items: Array<{ title: string; link: string }>;
      link: string;
      unsubscribeUrl: string;
      unsubscribePageUrl: string;
      unsubscribeWhat: string;
    },
  ): OutgoingMail => {
    const subject = `${d.count} new notification${d.count === 1 ? '' : 's'} on Courseport`;
    const more = d.count > d.items.length ? d.count - d.items.length : 0;
    return {
      kind: 'notification-digest',
      to,
      subject,
      text: `${greet(name)}\n\nYou have ${d.count} new notification${d.count === 1 ? '' : 's'}:\n\n${d.items
        .map((item) => `- ${item.title}\n  ${item.link}`)
        .join('\n')}${more ? `\n- and ${more} more` : ''}\n\nSee them all: ${d.link}\n${footerText(d)}`,
      html: htmlPage(
        `<p>${escapeHtml(greet(name))}</p>\n<p>You have ${d.count} new notification${d.count === 1 ? '' : 's'}:</p>\n<ul>${d.items
          .map((item) => `<li><a href="${escapeHtml(item.link)}">${escapeHtml(item.title)}</a></li>`)
          .join(
            '',
          )}${more ? `<li>and ${more} more</li>` : ''}</ul>\n<p><a href="${escapeHtml(d.link)}">See them all</a></p>\n${footerHtml(d)}`,
      ),
      headers: unsubscribeHeaders(d.unsubscribeUrl),
      link: d.link,
    };
  },
};
