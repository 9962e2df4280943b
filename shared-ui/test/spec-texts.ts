/**
 * Every text the product spec quotes in its sections 2 (screens), 5 (validation) and 8 (errors),
 * word for word, with the screen and state where the spec puts it (#30). Each front end's
 * `test/spec-texts.test.tsx` brings its screens into those states and fails naming the text that
 * is not there. The spec is not read at test time: this list is its copy, kept by hand; a text the
 * spec quotes twice is listed once per place it appears.
 *
 * `shown` is the text as a user sees it where the spec writes a placeholder ('Hi! {fullName}').
 */
import type { PortalName } from '@courseport/contracts/platform';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

export type SpecTextOwner = PortalName | 'shell';

export interface SpecText {
  text: string;
  shown?: string;
  /** The whole text of an element, not a run of words in a longer one ('Failed to create user' is not '… user profile'). */
  exact?: true;
  section: 2 | 5 | 8;
  /** `<owner>:<scenario>`: the front end that renders it, and the state its test brings the screen to. */
  scenario: `${SpecTextOwner}:${string}`;
}

const s2 = (scenario: SpecText['scenario'], ...texts: Array<string | [string, string]>): SpecText[] =>
  texts.map((t) =>
    Array.isArray(t) ? { text: t[0], shown: t[1], section: 2, scenario } : { text: t, section: 2, scenario },
  );
const s5 = (scenario: SpecText['scenario'], text: string): SpecText => ({ text, section: 5, scenario });
const s8 = (scenario: SpecText['scenario'], text: string, more: Pick<SpecText, 'shown' | 'exact'> = {}): SpecText => ({
  text,
  section: 8,
  scenario,
  ...more,
});

export const SPEC_TEXTS: readonly SpecText[] = [
  // §2 Screens and routes
  ...s2('shell:educator-area-loading', 'Loading...'),
  ...s2(
    'storefront:home-signed-out',
    'Trusted by learners from',
    'Learn from the best',
    'Show all courses',
    'Get Started',
    'Learn More',
    '100+',
    '24/7',
    'Global',
    'Courses Available',
    'Learning Access',
    'Community',
  ),
  ...s2('storefront:home-educator', 'Create Course', 'Students Reached', 'Teaching Support', 'Student Network'),
  ...s2('storefront:home-student', 'Browse Courses'),
  ...s2('storefront:course-list', 'Course List'),
  ...s2('storefront:course-signed-out', 'Unknown Educator', 'Preview', '5 days at this price!', 'Enroll Now'),
  ...s2('storefront:course-enrolled', 'Already Enrolled'),
  ...s2('learner:my-enrollments', 'Lectures', 'Completed', 'On Going'),
  ...s2('learner:player', 'Course Structure', 'Watch', 'Mark Complete', 'Rate this Course:'),
  ...s2('learner:player-lecture-done', 'Completed'),
  ...s2('learner:payment-verifying', 'Verifying your payment...'),
  ...s2('learner:payment-processing', 'Processing your payment...', 'Redirecting you shortly...'),
  ...s2('educator:layout', ['Hi! {fullName}', 'Hi! Grace Hopper'], 'Educator Portal v1.0.0'),
  ...s2('educator:layout-no-user', ['Developers', 'Hi! Developers']),
  ...s2('educator:dashboard-loading', 'Loading your dashboard...'),
  ...s2('educator:dashboard-error', 'Dashboard Error', 'Try Again'),
  ...s2('educator:dashboard-empty', 'No Dashboard Data', 'Add Your First Course'),
  ...s2('educator:dashboard-data', 'Latest Enrollments', 'Search students or courses...'),
  ...s2(
    'educator:dashboard-search-no-match',
    ['Showing X of Y enrollments', 'Showing 0 of 3 enrollments'],
    'No enrollments found',
    'Try adjusting your search terms',
  ),
  ...s2('educator:dashboard-no-enrollments', 'No enrollments yet', 'Start by adding courses and enrolling students'),
  ...s2('educator:add-chapter-prompt', 'Enter Chapter Name:'),
  ...s2('educator:add-lecture', '+ Add Lecture', 'Is Preview Free?'),
  ...s2('educator:lecture-lines', 'Free Preview', 'Paid'),
  ...s2('educator:add-course-submitting', 'Adding Course...'),
  ...s2('educator:my-courses', 'My Courses', 'Manage and track your published courses', '+ Add New Course'),
  ...s2('educator:my-courses-loading', 'Loading your courses...'),
  ...s2('educator:my-courses-error', 'Error Loading Courses', 'Try Again'),
  ...s2(
    'educator:my-courses-empty',
    'No courses added yet',
    'Start creating amazing courses to share your knowledge with students!',
    'Add Your First Course',
  ),
  ...s2('educator:students-loading', 'Loading enrolled students...'),
  ...s2('educator:students-error', 'Error Loading Students', 'Try Again'),
  ...s2('educator:students-empty', 'No students enrolled yet', 'Create Your First Course'),
  ...s2('admin:requests-empty', 'Admin Dashboard', 'Educator Requests', 'Admin Emails', 'No educator requests found'),
  ...s2('admin:refreshing', 'Refreshing...'),
  ...s2('admin:auto-refreshing', 'Auto-refreshing...'),
  ...s2('admin:reject-modal', 'Reject Educator Request', 'Reject Request'),
  ...s2('admin:rejected-row', ['Reason: ...', 'Reason: Not enough experience']),
  ...s2('admin:access-denied', 'Access Denied', "You don't have permission to access this page."),
  ...s2(
    'admin:emails',
    'Admin Email Management',
    'Add Email',
    ['Allowed Admin Emails (count)', 'Allowed Admin Emails (2)'],
    'Added by',
    'Unknown',
    'Added on',
  ),
  ...s2('admin:emails-adding', 'Adding...'),
  ...s2('admin:emails-empty', 'No admin emails configured yet.'),
  ...s2('shell:nav-signed-out', 'Create Account'),
  ...s2(
    'shell:role-dialog',
    'Choose Your Roles',
    'Learn from courses and track your progress',
    'Create courses and teach students',
    'Selected roles',
  ),
  ...s2('shell:role-dialog-creating', 'Creating...'),

  // §5 Validation rules
  s5('storefront:enroll-signed-out', 'Please login to continue'),
  s5('storefront:enroll-already-enrolled', 'You are already enrolled in this course'),
  s5('learner:payment-no-purchase-id', 'Purchase ID not found'),
  s5('educator:add-course-no-thumbnail', 'Please upload course thumbnail'),
  s5('admin:emails-blank', 'Please enter an email address'),
  s5('admin:emails-remove-confirm', 'Are you sure you want to remove this email from the allowed list?'),

  // §8 The error catalogue
  s8('shell:profile-created', 'User profile created successfully!'),
  s8('shell:profile-create-refused', 'Failed to create user', { exact: true }),
  s8('shell:profile-create-failed', 'Failed to create user profile'),
  s8('shell:role-update-failed', 'Failed to update roles'),
  s8('shell:role-added', 'Role added successfully!'),
  s8('shell:role-removed', 'Role removed successfully!'),
  s8('storefront:enroll-signed-out', 'Please login to continue'),
  s8('storefront:enroll-already-enrolled', 'You are already enrolled in this course'),
  s8('learner:payment-no-purchase-id', 'Purchase ID not found'),
  s8('learner:payment-verified', 'Payment verified successfully!'),
  s8('learner:payment-failed', 'Payment verification failed'),
  s8('educator:dashboard-network-error', 'Failed to fetch dashboard data'),
  s8('educator:add-course-twice', 'Please wait, course is being added...'),
  s8('educator:add-course-no-thumbnail', 'Please upload course thumbnail'),
  s8('educator:my-courses-network-error', 'Failed to fetch courses'),
  s8('educator:students-network-error', 'Failed to fetch enrolled students'),
  s8('admin:emails-fetch-failed', 'Failed to fetch admin emails'),
  s8('admin:emails-add-failed', 'Failed to add email'),
  s8('admin:emails-remove-failed', 'Failed to remove email'),
  s8('admin:emails-blank', 'Please enter an email address'),
  s8('admin:requests-fetch-failed', 'Failed to fetch requests'),
  s8('admin:approve-failed', 'Failed to approve request'),
  s8('admin:reject-failed', 'Failed to reject request'),
  s8('shell:educator-request-failed', 'Failed to submit educator request'),
  s8('shell:educator-request-sent', 'Educator request submitted! Admin will review your request.'),
  s8('admin:approved', 'Request approved successfully!'),
  s8('admin:rejected', 'Request rejected successfully!'),
  s8('shell:role-dialog-continue', 'Successfully signed up with roles: ...!', {
    shown: 'Successfully signed up with roles: student!',
  }),
  s8('shell:role-toggle-failed', 'Error toggling role:'),
  s8('storefront:course-signed-out', 'Unknown Educator'),
];

/** The spec's texts a front end holds, grouped by the state its test brings the screen to. */
export function specTextScenarios(owner: SpecTextOwner): Map<string, SpecText[]> {
  const scenarios = new Map<string, SpecText[]>();
  for (const entry of SPEC_TEXTS) {
    const [who, scenario] = entry.scenario.split(':') as [SpecTextOwner, string];
    if (who !== owner) continue;
    scenarios.set(scenario, [...(scenarios.get(scenario) ?? []), entry]);
  }
  return scenarios;
}

/**
 * What a scenario tells besides the screen: the part of it where the texts must be (a word the page
 * shows elsewhere too, such as 'Completed'), and lines it caught being logged (the spec's log-only text).
 */
export interface ScenarioOutcome {
  scope?: () => HTMLElement;
  logged?: string[];
}
/** A scenario brings a screen into a state; it may answer with a `ScenarioOutcome`. */
export type SpecScenarios = Record<string, () => Promise<unknown>>;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const normalize = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

/**
 * Whether `text` is shown as a phrase of its own, a run of whole words of a text or an element (so
 * 'Paid' is not found in 'Unpaid'), or as an input's placeholder, an accessible name or a tooltip.
 */
export function showsText(text: string, root: ParentNode = document.body, { exact = false } = {}): boolean {
  const phrase = exact
    ? new RegExp(`^${escapeRegExp(text)}$`, 'u')
    : new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(text)}($|[^\\p{L}\\p{N}])`, 'u');
  const walker = document.createTreeWalker(root as Node, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement?.closest('style, script')) continue;
    if (phrase.test(normalize(node.textContent))) return true;
  }
  for (const element of Array.from(root.querySelectorAll<HTMLElement>('*'))) {
    if (element.tagName === 'STYLE' || element.tagName === 'SCRIPT') continue;
    for (const attribute of ['placeholder', 'aria-label', 'title']) {
      if (normalize(element.getAttribute(attribute)) === text) return true;
    }
    // A text split over inline elements ('Hi! <b>Grace</b>').
    if (phrase.test(normalize(element.textContent))) return true;
  }
  return false;
}

/**
 * The spec's texts that `owner` renders, each held to its screen and state: one test per state,
 * which brings the screen there (`scenarios[state]`) and fails naming every text that is missing;
 * and one that fails naming the texts of any state without a scenario.
 */
export function holdSpecTexts(owner: SpecTextOwner, scenarios: SpecScenarios): void {
  const wanted = specTextScenarios(owner);
  describe(`The spec's quoted texts (${owner}): §2, §5, §8`, () => {
    it('has a scenario for every state the spec puts one of its texts in', () => {
      const unheld = [...wanted].filter(([state]) => !(state in scenarios));
      expect(
        unheld.map(([state, texts]) => `${state}: ${texts.map((t) => `'${t.text}'`).join(', ')}`),
        'spec texts with no scenario that shows them',
      ).toEqual([]);
      expect(
        Object.keys(scenarios).filter((state) => !wanted.has(state)),
        'scenarios no spec text needs',
      ).toEqual([]);
    });

    for (const [state, texts] of wanted) {
      const scenario = scenarios[state];
      if (!scenario) continue;
      it(`${state}: ${texts.map((t) => `'${t.shown ?? t.text}'`).join(', ')}`, async () => {
        const outcome = ((await scenario()) ?? {}) as ScenarioOutcome;
        const seen = new Map<string, boolean>();
        for (const entry of texts) {
          const shown = entry.shown ?? entry.text;
          const found = () =>
            showsText(shown, outcome.scope?.() ?? document.body, { exact: entry.exact }) ||
            Boolean(outcome.logged?.some((line) => line.includes(shown)));
          if (!seen.has(shown)) {
            await waitFor(
              () => {
                if (!found()) throw new Error('not yet');
              },
              { timeout: 3000 },
            ).catch(() => undefined);
            seen.set(shown, found());
          }
          expect
            .soft(
              seen.get(shown),
              `the spec's text '${entry.text}' (§${entry.section}) is missing from ${owner} in state '${state}'`,
            )
            .toBe(true);
        }
      });
    }
  });
}
