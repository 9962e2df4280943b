import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError } from '../src/http/errors.js';
import { parseInput } from '../src/http/validate.js';

const refusal = (schema: z.ZodType, input: unknown) => {
  try {
    parseInput(schema, input);
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    return { status: (error as HttpError).status, message: (error as Error).message };
  }
  throw new Error('accepted');
};

describe('validation messages read as sentences', () => {
  it('names the field in words, then says what is wrong', () => {
    expect(refusal(z.object({ email: z.email('must be a valid email address') }), { email: 'x' })).toEqual({
      status: 400,
      message: 'Email must be a valid email address',
    });
    expect(refusal(z.object({ coursePrice: z.number().min(0, 'must not be negative') }), { coursePrice: -1 })).toEqual({
      status: 400,
      message: 'Course price must not be negative',
    });
    expect(refusal(z.object({ imageUrl: z.string().url('must be an http(s) URL') }), { imageUrl: 'x' }).message).toBe(
      'Image URL must be an http(s) URL',
    );
  });

  it('says where a nested field is', () => {
    const schema = z.object({ courseContent: z.array(z.object({ chapterTitle: z.string().min(1, 'is required') })) });
    expect(refusal(schema, { courseContent: [{ chapterTitle: '' }] }).message).toBe(
      'Chapter title is required (courseContent.0.chapterTitle)',
    );
  });

  it("says a schema's own sentence as it is, and a message that names its field without repeating it", () => {
    expect(
      refusal(z.object({ email: z.string().min(1, 'Please enter an email address') }), { email: '' }).message,
    ).toBe('Please enter an email address');
    const level = z.object({ level: z.enum(['a', 'b'], { error: 'level must be one of a, b' }) });
    expect(refusal(level, { level: 'c' }).message).toBe('Level must be one of a, b');
  });

  it('never starts with "Invalid input:"', () => {
    expect(refusal(z.object({ n: z.number() }), 'not an object').message).not.toMatch(/^Invalid input/);
    expect(refusal(z.object({ n: z.number() }), 'not an object').message).toMatch(/^[A-Z]/);
  });
});
