import { Button, useNavigate } from '@courseport/shared-ui';
import { type FormEvent, useState } from 'react';

/** Where a search for `text` goes: /course-list/{text}, or /course-list for an empty one. */
export function searchPath(text: string): string {
  const query = text.trim();
  return query ? `/course-list/${encodeURIComponent(query)}` : '/course-list';
}

/** A search field and a 'Search' button; submitting opens the course list filtered by the text. */
export function SearchBox({
  clearOnSubmit = false,
  size = 'large',
}: {
  clearOnSubmit?: boolean;
  size?: 'middle' | 'large';
}) {
  const navigate = useNavigate();
  const [text, setText] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate(searchPath(text));
    if (clearOnSubmit) setText('');
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for some browsers we support (and for jsdom).
    <form role="search" className="sf-search" onSubmit={submit}>
      <svg className="sf-search-icon" width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M20 20l-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <input
        type="search"
        className={`sf-search-input sf-search-input-${size}`}
        placeholder="Search for courses"
        aria-label="Search for courses"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="primary" htmlType="submit" shape="round" size={size}>
        Search
      </Button>
    </form>
  );
}
