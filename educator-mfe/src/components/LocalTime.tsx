import { useEffect, useRef } from 'react';

/** An ISO time in the reader's own words ('4/2/2025, 10:00:00 AM' in en-US); an unreadable one as it is. */
export const localTime = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
};

/**
 * A time of day in the browser's time zone and language. A page rendered on the shell's server
 * (#34) has it in the server's: React takes that text over as it is (no mismatch), and the browser
 * writes its own over it once the page is taken over, if they differ.
 */
export function LocalTime({ iso }: { iso: string }) {
  const ref = useRef<HTMLTimeElement>(null);
  const text = localTime(iso);
  useEffect(() => {
    if (ref.current && ref.current.textContent !== text) ref.current.textContent = text;
  }, [text]);
  return (
    <time ref={ref} dateTime={iso} suppressHydrationWarning>
      {text}
    </time>
  );
}
