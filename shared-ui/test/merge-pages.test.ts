import { describe, expect, it } from 'vitest';
import { mergePages } from '../src/query/pages';

describe('mergePages', () => {
  it('joins the loaded pages in order, each row once where it was first shown', () => {
    const row = (id: string) => ({ _id: id });
    // A row added meanwhile shifted the second page: 'c' comes again at its top.
    expect(
      mergePages([
        [row('a'), row('b'), row('c')],
        [row('c'), row('d')],
      ]).map((r) => r._id),
    ).toEqual(['a', 'b', 'c', 'd']);
    expect(mergePages([])).toEqual([]);
  });
});
