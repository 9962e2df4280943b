import './themed';
import { Pagination } from 'antd';

/**
 * A paged list's page numbers (compact, no size changer) in a `nav` named `label`; nothing when
 * everything fits on one page.
 */
export function PagesNav({
  label,
  page,
  pageSize,
  total,
  onChange,
  className,
}: {
  label: string;
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  className?: string;
}) {
  if (pageSize <= 0 || total <= pageSize) return null;
  return (
    <nav aria-label={label} className={className}>
      <Pagination
        current={page}
        pageSize={pageSize}
        total={total}
        showSizeChanger={false}
        showLessItems
        size="small"
        onChange={onChange}
      />
    </nav>
  );
}
