import type { CourseLevel } from '@courseport/shared-ui';
import { useSyncExternalStore } from 'react';
import type { CourseFields } from './chapters';
import { discountProblem, priceProblem } from './validation';

export type FieldName = keyof Required<CourseFields>;
const NAMES: FieldName[] = ['courseTitle', 'coursePrice', 'discount', 'category', 'level'];

/** One field as the form holds it: its text as typed, and what is wrong with it (once checked). */
export interface FieldState {
  text: string;
  error: string | null;
}

export const TITLE_REQUIRED = 'Please enter the course title';
export const PRICE_REQUIRED = 'Please enter the course price';
export const DISCOUNT_REQUIRED = 'Please enter a discount between 0 and 100';

/** A number field's value: null when empty (or not a number yet, as '-' while typing '-5'). */
export function numberOf(text: string): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** The checks of each field, in the words the form always used (required first, then the server's rule). */
const CHECKS: Partial<Record<FieldName, (text: string) => string | null>> = {
  courseTitle: (text) => (text.trim() ? null : TITLE_REQUIRED),
  coursePrice: (text) => {
    const value = numberOf(text);
    return value === null ? PRICE_REQUIRED : priceProblem(value);
  },
  discount: (text) => {
    const value = numberOf(text);
    return value === null ? DISCOUNT_REQUIRED : discountProblem(value);
  },
};

export const isRequired = (name: FieldName) => name in CHECKS;

const textOf = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/**
 * The course form's own fields (title, price, discount, category, level), without antd's Form: each
 * field re-renders alone as it is typed in (`useField`), the page is only told (`onChange`, a
 * listener: the draft keeper). A field is checked as it changes and all of them on submit; a value
 * is never changed behind the educator's back (no clamping).
 */
export class CourseFieldsStore {
  private state: Record<FieldName, FieldState>;
  private readonly listeners = new Set<() => void>();
  /** Told of every change the educator makes (not of `setValues` / `reset`). */
  onChange: (() => void) | null = null;

  constructor(private readonly initial: CourseFields) {
    this.state = CourseFieldsStore.stateOf(initial);
  }

  private static stateOf(values: Partial<CourseFields>): Record<FieldName, FieldState> {
    return Object.fromEntries(NAMES.map((name) => [name, { text: textOf(values[name]), error: null }])) as Record<
      FieldName,
      FieldState
    >;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  private emit() {
    for (const listener of this.listeners) listener();
  }

  field(name: FieldName): FieldState {
    return this.state[name];
  }

  /** The educator changed a field: kept as typed, and checked. */
  set(name: FieldName, text: string) {
    this.state = { ...this.state, [name]: { text, error: CHECKS[name]?.(text) ?? null } };
    this.emit();
    this.onChange?.();
  }

  /** The values as the page sends them (the numbers as numbers, null when empty). */
  values(): CourseFields {
    const text = (name: FieldName) => this.state[name].text;
    return {
      courseTitle: text('courseTitle'),
      coursePrice: numberOf(text('coursePrice')),
      discount: numberOf(text('discount')),
      category: text('category'),
      level: text('level') as CourseLevel | '',
    };
  }

  /** Puts values back (a restored draft): unchecked, as when the page opened. */
  setValues(values: Partial<CourseFields>) {
    const next = { ...this.state };
    for (const name of NAMES) if (name in values) next[name] = { text: textOf(values[name]), error: null };
    this.state = next;
    this.emit();
  }

  /** Back to the start (empty for Add Course, the saved course for Edit Course). */
  reset() {
    this.state = CourseFieldsStore.stateOf(this.initial);
    this.emit();
  }

  /** Checks every field (each says what is wrong under it): the values, or null when one is wrong. */
  validate(): CourseFields | null {
    const next = { ...this.state };
    for (const name of NAMES) next[name] = { ...next[name], error: CHECKS[name]?.(next[name].text) ?? null };
    this.state = next;
    this.emit();
    return NAMES.some((name) => next[name].error) ? null : this.values();
  }

  /** The first field that is wrong, in the form's order. */
  firstInvalid(): FieldName | null {
    return NAMES.find((name) => this.state[name].error) ?? null;
  }
}

/** One field of the store, re-rendering only when it changes. */
export function useField(store: CourseFieldsStore, name: FieldName): FieldState {
  return useSyncExternalStore(
    store.subscribe,
    () => store.field(name),
    () => store.field(name),
  );
}
