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

  /** #32: the educator reviewed a student's project (accepted, or changes asked for with a comment). */
  projectReviewed: (
    to: string,
    name: string,
    review: { courseTitle: string; lessonTitle: string; accepted: boolean; comment: string; link: string },
  ): OutgoingMail => ({
    kind: 'project-review',
    to,
    subject: review.accepted
      ? `Your project was accepted: ${review.lessonTitle}`
      : `Changes requested on your project: ${review.lessonTitle}`,
    text: `${greet(name)}\n\n${
      review.accepted
        ? 'Your educator accepted your project, and the lesson is now complete.'
        : 'Your educator reviewed your project and asked for some changes before accepting it.'
    }\n\nCourse: ${review.courseTitle}\nProject: ${review.lessonTitle}\n${
      review.comment ? `\nTheir comment:\n${review.comment}\n` : ''
    }\nOpen the course: ${review.link}\n`,
    link: review.link,
  }),
};
