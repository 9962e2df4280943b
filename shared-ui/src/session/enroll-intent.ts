/**
 * 'Enroll Now' clicked while signed out: the purchase to carry on with once the visitor has signed
 * in (or created and confirmed an account, possibly in another tab opened from the e-mail). Kept in
 * localStorage, so it survives a reload and the confirmation tab, for a limited time; taken once.
 */
const KEY = 'courseport:enroll-intent';
/** Long enough to sign up and confirm the address, short enough not to surprise a later visit. */
export const ENROLL_INTENT_TTL_MS = 60 * 60_000;

interface EnrollIntent {
  courseId: string;
  at: number;
}

function read(): EnrollIntent | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const intent = JSON.parse(raw) as Partial<EnrollIntent>;
    if (typeof intent.courseId !== 'string' || typeof intent.at !== 'number') return null;
    if (Date.now() - intent.at > ENROLL_INTENT_TTL_MS || intent.at > Date.now() + 60_000) {
      localStorage.removeItem(KEY);
      return null;
    }
    return { courseId: intent.courseId, at: intent.at };
  } catch {
    return null;
  }
}

/** Remembers that the visitor wants to enroll in `courseId` after signing in. */
export function rememberEnrollIntent(courseId: string): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ courseId, at: Date.now() } satisfies EnrollIntent));
  } catch {
    // Private mode without storage: the visitor clicks Enroll Now again after signing in.
  }
}

/** The course a pending purchase is for, without taking it (e.g. where to go after confirming). */
export function pendingEnrollCourse(): string | null {
  return read()?.courseId ?? null;
}

/** Whether a purchase of `courseId` was pending; it is forgotten either way, so it runs once. */
export function takeEnrollIntent(courseId: string): boolean {
  const intent = read();
  if (!intent || intent.courseId !== courseId) return false;
  forgetEnrollIntent();
  return true;
}

/** Forgets a pending purchase (e.g. the visitor signed in elsewhere and chose otherwise). */
export function forgetEnrollIntent(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing stored to forget.
  }
}
