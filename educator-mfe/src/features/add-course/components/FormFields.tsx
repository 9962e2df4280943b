import type { InputHTMLAttributes, KeyboardEvent, ReactNode, SelectHTMLAttributes } from 'react';
import { type CourseFieldsStore, type FieldName, isRequired, numberOf, useField } from '../hooks/courseFields';
import { FieldError } from './FieldError';

/**
 * The course form's fields without antd (#34: the page's first load carries none), in antd's Form
 * look (add-course.css: `.ed-form-item`, `.cp-input`): a label above (a red `*` when required), the
 * control, and what is wrong under it, tied to the control (`aria-describedby`, `aria-invalid`).
 */
export function FormItem({
  label,
  htmlFor,
  labelId,
  required,
  children,
}: {
  label: ReactNode;
  htmlFor?: string;
  labelId?: string;
  required?: boolean;
  children: ReactNode;
}) {
  const className = required ? 'ed-form-label is-required' : 'ed-form-label';
  return (
    <div className="ed-form-item">
      {htmlFor ? (
        <label id={labelId} htmlFor={htmlFor} className={className}>
          {label}
        </label>
      ) : (
        <span id={labelId} className={className}>
          {label}
        </span>
      )}
      {children}
    </div>
  );
}

interface StoreFieldProps {
  store: CourseFieldsStore;
  name: FieldName;
  id: string;
  label: string;
}

/** What a control of the store says about itself: required, wrong and why. */
function described(name: FieldName, id: string, error: string | null, more?: string) {
  const describedBy = [error ? `${id}-error` : null, more].filter(Boolean).join(' ');
  return {
    'aria-required': isRequired(name) || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}

/** A text field (antd's Input look). */
export function TextField({
  store,
  name,
  id,
  label,
  ...input
}: StoreFieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'value' | 'onChange'>) {
  const { text, error } = useField(store, name);
  return (
    <FormItem label={label} htmlFor={id} required={isRequired(name)}>
      <input
        {...input}
        id={id}
        name={name}
        type="text"
        className="cp-input"
        value={text}
        onChange={(event) => store.set(name, event.target.value)}
        {...described(name, id, error)}
      />
      <FieldError id={`${id}-error`} message={error} />
    </FormItem>
  );
}

/** What a number field accepts while typing: digits, one leading minus, one decimal point. */
const NUMBER_TEXT = /^-?\d*(?:\.\d*)?$/;

/**
 * A number field (antd's InputNumber: a spin button; the arrow keys step it by 1). The text stays
 * as typed: nothing is clamped, a value out of range is said under it.
 */
export function NumberField({ store, name, id, label, placeholder }: StoreFieldProps & { placeholder?: string }) {
  const { text, error } = useField(store, name);
  const value = numberOf(text);
  const step = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    store.set(name, String((value ?? 0) + (event.key === 'ArrowUp' ? 1 : -1)));
  };
  return (
    <FormItem label={label} htmlFor={id} required={isRequired(name)}>
      <input
        id={id}
        name={name}
        type="text"
        inputMode="decimal"
        role="spinbutton"
        aria-valuenow={value ?? undefined}
        autoComplete="off"
        className="cp-input"
        placeholder={placeholder}
        value={text}
        onChange={(event) => {
          if (NUMBER_TEXT.test(event.target.value)) store.set(name, event.target.value);
        }}
        onKeyDown={step}
        {...described(name, id, error)}
      />
      <FieldError id={`${id}-error`} message={error} />
    </FormItem>
  );
}

/** A native select with the theme's input look. `help`: a note under it (antd's warning look). */
export function SelectField({
  store,
  name,
  id,
  label,
  help,
  children,
  ...select
}: StoreFieldProps & { help?: string | undefined } & Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    'id' | 'name' | 'value' | 'onChange'
  >) {
  const { text, error } = useField(store, name);
  return (
    <FormItem label={label} htmlFor={id}>
      <select
        {...select}
        id={id}
        name={name}
        className={help ? 'cp-select is-warning' : 'cp-select'}
        value={text}
        onChange={(event) => store.set(name, event.target.value)}
        {...described(name, id, error, help ? `${id}-help` : undefined)}
      >
        {children}
      </select>
      {help && (
        <div id={`${id}-help`} className="ed-field-warning">
          {help}
        </div>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </FormItem>
  );
}
