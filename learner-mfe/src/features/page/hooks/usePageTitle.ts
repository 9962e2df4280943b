import { useEffect } from 'react';

/** Names the browser tab while the page is shown ('Purchase history | Courseport'); the previous title comes back after. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
