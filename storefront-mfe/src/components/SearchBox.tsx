import { Button, keepPreviousData, useNavigate, useQuery } from '@courseport/shared-ui';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useState } from 'react';
import { SUGGEST_MIN_LENGTH, suggestionsQuery } from '../api/catalog';
import { categoryPath } from '../lib/catalog-params';

/** Where a search for `text` goes: /course-list/{text}, or /course-list for an empty one. */
export function searchPath(text: string): string {
  const query = text.trim();
  return query ? `/course-list/${encodeURIComponent(query)}` : '/course-list';
}

/** How long typing must pause before suggestions are asked for. */
export const SUGGEST_DELAY_MS = 200;

type Suggestion = { id: string; kind: 'course' | 'category'; label: string; detail: string | null; path: string };

/** `text`, once it has not changed for `delay` ms. */
function useDebounced(text: string, delay: number): string {
  const [value, setValue] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setValue(text), delay);
    return () => clearTimeout(timer);
  }, [text, delay]);
  return value;
}

/**
 * A search field and a 'Search' button; submitting opens the course list filtered by the text.
 * While typing (2 characters or more, after a short pause) it suggests courses and categories
 * below, as an ARIA combobox: ArrowDown/ArrowUp move through them, Enter or a click opens the
 * one chosen (a course's page, or the course list of a category), Escape closes them; Enter with
 * none chosen searches as before.
 */
export function SearchBox({
  clearOnSubmit = false,
  size = 'large',
}: {
  clearOnSubmit?: boolean;
  size?: 'middle' | 'large';
}) {
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-suggestions`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = useDebounced(text.trim(), SUGGEST_DELAY_MS);
  const wanted = open && typed.length >= SUGGEST_MIN_LENGTH && text.trim().length >= SUGGEST_MIN_LENGTH;
  const { data, status, isFetching } = useQuery({
    ...suggestionsQuery(typed),
    enabled: wanted,
    placeholderData: keepPreviousData,
  });

  const suggestions: Suggestion[] =
    wanted && data
      ? [
          ...data.courses.map((course) => ({
            id: `${id}-course-${course._id}`,
            kind: 'course' as const,
            label: course.courseTitle,
            detail: course.educatorName,
            path: `/course/${encodeURIComponent(course._id)}`,
          })),
          ...data.categories.map((category) => ({
            id: `${id}-category-${category.slug}`,
            kind: 'category' as const,
            label: category.name,
            detail: null,
            path: categoryPath(category.slug),
          })),
        ]
      : [];
  const expanded = suggestions.length > 0;
  const activeOption = expanded && active >= 0 ? suggestions[active] : undefined;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const go = (path: string) => {
    close();
    navigate(path);
    if (clearOnSubmit) setText('');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (activeOption) {
      go(activeOption.path);
      return;
    }
    close();
    navigate(searchPath(text));
    if (clearOnSubmit) setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!expanded) {
        if (event.key === 'ArrowDown' && text.trim().length >= SUGGEST_MIN_LENGTH) setOpen(true);
        return;
      }
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // From the last one down (or the first one up) back to the text field itself.
      setActive((index) => {
        const next = index + step;
        if (next < -1) return suggestions.length - 1;
        return next >= suggestions.length ? -1 : next;
      });
    } else if (event.key === 'Escape' && (open || expanded)) {
      event.preventDefault();
      close();
    }
  };

  // While the first suggestions load, or after they failed (earlier ones stay while newer load).
  let note: string | null = null;
  if (wanted && !expanded) {
    if (status === 'pending' || isFetching) note = 'Searching...';
    else if (status === 'error') note = 'Could not load suggestions.';
  }

  const group = (kind: Suggestion['kind'], title: string) => {
    const items = suggestions.map((s, index) => ({ s, index })).filter(({ s }) => s.kind === kind);
    if (items.length === 0) return null;
    const headerId = `${id}-${kind}-header`;
    return (
      // biome-ignore lint/a11y/useSemanticElements: a group of options inside a listbox (ARIA, not <fieldset>).
      <div role="group" aria-labelledby={headerId} className="sf-suggest-group">
        <div id={headerId} role="presentation" className="sf-suggest-header">
          {title}
        </div>
        {items.map(({ s, index }) => (
          // biome-ignore lint/a11y/useFocusableInteractive lint/a11y/useKeyWithClickEvents: the focus and the keys stay in the combobox (aria-activedescendant).
          <div
            key={s.id}
            id={s.id}
            role="option"
            aria-selected={index === active}
            className={index === active ? 'sf-suggest-option sf-suggest-option-active' : 'sf-suggest-option'}
            // Keep the focus in the field (a click would blur it first and close the list).
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => go(s.path)}
          >
            <span className="sf-suggest-label">{s.label}</span>
            {s.detail && <span className="sf-suggest-detail">{s.detail}</span>}
          </div>
        ))}
      </div>
    );
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for some browsers we support (and for jsdom).
    <form
      role="search"
      className="sf-search"
      onSubmit={submit}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
      }}
    >
      <svg className="sf-search-icon" width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M20 20l-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <input
        type="search"
        className={`sf-search-input sf-search-input-${size}`}
        placeholder="Search for courses"
        aria-label="Search for courses"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeOption?.id}
        autoComplete="off"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
      />
      <Button type="primary" htmlType="submit" shape="round" size={size}>
        Search
      </Button>
      <div className="sf-suggest" hidden={!expanded && !note}>
        {note && (
          <p className="sf-suggest-note" role="status">
            {note}
          </p>
        )}
        <div id={listId} role="listbox" aria-label="Suggestions" hidden={!expanded}>
          {group('course', 'Courses')}
          {group('category', 'Categories')}
        </div>
      </div>
    </form>
  );
}
