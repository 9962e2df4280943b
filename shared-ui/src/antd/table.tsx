import './themed';
import { Table as AntTable, type TableProps } from 'antd';
import { useEffect, useRef } from 'react';

/** Marks the scroll boxes this module made focusable (and may make unfocusable again). */
const SCROLL_MARK = 'data-cp-scroll-box';

/**
 * antd's Table, except that when its scroll box (a `scroll={{ x }}` table on a narrow screen) is
 * narrower than the table, the box is a named tab stop, so the keyboard can scroll it too (WCAG
 * 2.1.1; axe's scrollable-region-focusable). A table whose cells hold a link or button needs no
 * such stop, but one more does no harm; a table that fits the screen gets none.
 */
function KeyboardScrollTable<T extends object>(props: TableProps<T>) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = box.current;
    if (!root) return;
    const update = () => {
      for (const el of root.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')) {
        const scrolls = el.scrollWidth > el.clientWidth + 1;
        if (scrolls && !el.hasAttribute('tabindex')) {
          el.setAttribute(SCROLL_MARK, '');
          el.tabIndex = 0;
          el.setAttribute('role', 'region');
          el.setAttribute('aria-label', 'Table, scrolls sideways');
        } else if (!scrolls && el.hasAttribute(SCROLL_MARK)) {
          for (const name of [SCROLL_MARK, 'tabindex', 'role', 'aria-label']) el.removeAttribute(name);
        }
      }
    };
    update();
    // (Test DOMs may have no ResizeObserver.)
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    resized?.observe(root);
    // New rows (a load, a page) can make the table wider.
    const changed = new MutationObserver(update);
    changed.observe(root, { childList: true, subtree: true });
    return () => {
      resized?.disconnect();
      changed.disconnect();
    };
  }, []);
  return (
    <div ref={box}>
      <AntTable<T> {...props} />
    </div>
  );
}

export const Table = KeyboardScrollTable as typeof AntTable;
