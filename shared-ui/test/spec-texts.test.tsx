import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SPEC_TEXTS, showsText } from './spec-texts';

describe("The spec's texts: the list and how a text is found", () => {
  it('lists every quoted text of sections 2, 5 and 8 where the spec puts it (94, 6 and 30 places)', () => {
    const count = (section: number) => SPEC_TEXTS.filter((t) => t.section === section).length;
    expect([count(2), count(5), count(8)]).toEqual([94, 6, 30]);
    for (const entry of SPEC_TEXTS)
      expect(entry.scenario).toMatch(/^(shell|storefront|learner|educator|admin):[a-z-]+$/);
  });

  it('finds a text as a run of whole words, split over inline elements, or as a placeholder or name', () => {
    render(
      <div>
        <p>
          Hi! <b>Grace Hopper</b>
        </p>
        <div>
          <strong>No courses added yet</strong>Start creating!
        </div>
        <span>Unpaid</span>
        <input placeholder="Search students or courses..." />
        <button type="button" aria-label="Student">
          S
        </button>
      </div>,
    );
    expect(showsText('Hi! Grace Hopper')).toBe(true);
    expect(showsText('Start creating!')).toBe(true);
    expect(showsText('Search students or courses...')).toBe(true);
    expect(showsText('Student')).toBe(true);
    // Not part of a longer word, and not a text that is not there.
    expect(showsText('Paid')).toBe(false);
    expect(showsText('Grace Hop')).toBe(false);
    expect(showsText('Processing your payment...')).toBe(false);
    // Exact: the whole text of an element.
    expect(showsText('No courses added', document.body, { exact: true })).toBe(false);
    expect(showsText('No courses added yet', document.body, { exact: true })).toBe(true);
  });
});
