import type { Notify } from '../notifications/index.js';
import type { DiscussionEvents } from './service.js';

/** `"How do I…"` in a notification's title, cut to keep the line short. */
const quoted = (title: string) => `"${title.length > 80 ? `${title.slice(0, 79)}…` : title}"`;

/**
 * The Q&A's events told to the people they concern (#35), once per event (`dedupeKey`): the asker
 * hears of an answer (a reply from the educator is its own kind, so it can be mailed on its own
 * terms), and an answer's author hears that it was accepted. Nobody is told of their own doing.
 */
export function discussionNotices(notify: Notify): DiscussionEvents {
  return {
    async answered({ courseId, questionId, questionTitle, askerId, answerId, answerAuthorId, byInstructor }) {
      if (askerId === answerAuthorId) return;
      await notify(askerId, byInstructor ? 'instructor-reply' : 'answer', {
        title: byInstructor
          ? `The instructor answered ${quoted(questionTitle)}`
          : `New answer to ${quoted(questionTitle)}`,
        text: byInstructor ? 'Your educator replied to your question.' : 'Someone answered your question.',
        link: `/player/${courseId}?question=${questionId}`,
        courseId,
        dedupeKey: `answer:${answerId}`,
      });
    },
    async accepted({ courseId, questionId, questionTitle, answerId, answerAuthorId, acceptedBy }) {
      if (answerAuthorId === acceptedBy) return;
      await notify(answerAuthorId, 'answer', {
        title: `Your answer to ${quoted(questionTitle)} was accepted`,
        text: 'It is now marked as the accepted answer.',
        link: `/player/${courseId}?question=${questionId}`,
        courseId,
        dedupeKey: `accepted:${questionId}:${answerId}`,
      });
    },
  };
}
