import { useEffect, useState } from 'react';

const matches = (query: string) => typeof window !== 'undefined' && window.matchMedia?.(query).matches === true;

/** Whether a CSS media query matches, kept up to date. */
export function useMediaQuery(query: string): boolean {
  const [value, setValue] = useState(() => matches(query));
  useEffect(() => {
    const list = window.matchMedia?.(query);
    if (!list) return;
    const update = () => setValue(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return value;
}

/** Medium screens and up (Tailwind's `md`, antd's `md`). */
export const DESKTOP_QUERY = '(min-width: 768px)';
