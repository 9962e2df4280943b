import type { z } from 'zod';
import { HttpError } from './errors.js';

/** Words spelled in capitals when a field's name is said in words. */
const ACRONYMS = new Map([
  ['url', 'URL'],
  ['id', 'ID'],
  ['ids', 'IDs'],
  ['html', 'HTML'],
]);

/** 'lectureUrl' → 'Lecture URL', 'coursePrice' → 'Course price'. */
export function fieldInWords(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .split(/\s+/)
    .map((word) => ACRONYMS.get(word.toLowerCase()) ?? word.toLowerCase());
  const sentence = words.join(' ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/**
 * What a refused input says, as a sentence a user can read (the web app shows the API's message):
 * a schema's own sentence ('Please enter an email address') as it is; otherwise the field in words
 * then what is wrong with it ('Email must be a valid email address'), with the field's path after
 * it when it is nested ('Chapter title is required (courseContent.0.chapterTitle)').
 */
export function validationMessage(issue: { path: PropertyKey[]; message?: string } | undefined): string {
  const message = issue?.message?.trim() || '';
  const path = (issue?.path ?? []).map(String);
  const key = [...(issue?.path ?? [])].reverse().find((part) => typeof part === 'string');
  const subject = key === undefined ? 'The request' : fieldInWords(key);
  // zod's own wording ('Invalid input: expected number, received string'): said after 'is not valid'.
  const zodDefault = /^[A-Z][a-z]+(?: [a-z]+)*: /.test(message);
  let said: string;
  if (!message || zodDefault) {
    said = `${subject} is not valid${message ? ` (${message.charAt(0).toLowerCase()}${message.slice(1)})` : ''}`;
  } else if (/^[A-Z]/.test(message)) {
    // A schema's own sentence.
    return message;
  } else if (key !== undefined && message.startsWith(`${key} `)) {
    // 'level must be one of ...': the message names its field already.
    said = `${subject}${message.slice(key.length)}`;
  } else {
    said = `${subject} ${message}`;
  }
  return path.length > 1 ? `${said} (${path.join('.')})` : said;
}

/**
 * Parses untrusted input with a zod schema. Object schemas strip unknown keys, so only declared
 * fields ever reach a service. Failure is a 400 whose message names the first offending field, as
 * a sentence (`validationMessage`).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new HttpError(400, validationMessage(result.error.issues[0]));
}
