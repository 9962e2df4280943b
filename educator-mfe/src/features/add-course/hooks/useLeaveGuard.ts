import { loadAntd, useNavigate } from '@courseport/shared-ui';
import { useEffect, useRef } from 'react';

export const LEAVE_TITLE = 'Leave with unsaved changes?';
export const LEAVE_TEXT =
  'This course is not saved yet. Your changes stay on this device as a draft: open this page again to go on.';

/**
 * While `isDirty()` (read when the user leaves, so typing re-renders nothing), leaving asks first: a link to another page (a sidebar link, the logo, 'Back to My
 * Courses') opens a confirm dialog, and a reload or closing the tab the browser's own warning
 * (`beforeunload`). The shell's router is a BrowserRouter, not a data router, so react-router's
 * useBlocker is not available: links are caught on their way (a capturing click listener).
 */
export function useLeaveGuard(isDirty: () => boolean) {
  const navigate = useNavigate();
  /** A question is open: another click (a double click) does not ask twice. */
  const asking = useRef(false);
  useEffect(() => {
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!isDirty()) return;
      event.preventDefault();
      // Older browsers show the warning only with a return value.
      event.returnValue = '';
    };
    const click = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || !isDirty()) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return; // a new tab or window
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return;
      if (link.target && link.target !== '_self') return;
      const url = new URL(link.href, window.location.href);
      // Another site: the page unloads, and `beforeunload` warns.
      if (url.origin !== window.location.origin) return;
      if (url.pathname === window.location.pathname && url.search === window.location.search) return;
      event.preventDefault();
      event.stopPropagation();
      if (asking.current) return;
      asking.current = true;
      // antd's Modal comes when it is asked for (#34: not with the page).
      void loadAntd.modal().then(({ Modal }) =>
        Modal.confirm({
          title: LEAVE_TITLE,
          content: LEAVE_TEXT,
          okText: 'Leave',
          cancelText: 'Stay on this page',
          focusable: { autoFocusButton: 'cancel' },
          onOk: () => navigate(`${url.pathname}${url.search}${url.hash}`),
          afterClose: () => {
            asking.current = false;
          },
        }),
      );
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [isDirty, navigate]);
}
