import { dateColumn, type EnrolledStudent } from '@courseport/shared-ui';
import { Table } from '@courseport/shared-ui/antd/table';
import type { ReactNode } from 'react';
import { localDate } from '../lib/dates';
import { UserAvatar } from './UserAvatar';

interface Row extends EnrolledStudent {
  key: string;
  position: number;
}

const PAGE_SIZE = 10;

/** Enrollments as a table: '#', 'Student Name' (avatar and name), 'Course Title' and 'Date'. */
export function EnrollmentsTable({
  enrollments,
  empty,
  label,
}: {
  enrollments: EnrolledStudent[];
  /** Shown instead of the rows when there are none. */
  empty: ReactNode;
  label: string;
}) {
  const rows: Row[] = enrollments.map((enrollment, index) => ({
    ...enrollment,
    key: `${index}-${enrollment.student?._id ?? ''}-${enrollment.purchaseDate ?? ''}`,
    position: index + 1,
  }));
  return (
    <div className="ed-table-wrap">
      <Table<Row>
        aria-label={label}
        dataSource={rows}
        pagination={rows.length > PAGE_SIZE ? { pageSize: PAGE_SIZE, showSizeChanger: false } : false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: empty }}
        columns={[
          { key: 'position', title: '#', dataIndex: 'position', width: 56, align: 'center' },
          {
            key: 'student',
            title: 'Student Name',
            render: (_, row) => (
              <span className="ed-person">
                <UserAvatar name={row.student?.name ?? ''} imageUrl={row.student?.imageUrl} size={36} />
                <span className="ed-person-name">{row.student?.name || 'Unknown student'}</span>
              </span>
            ),
          },
          { key: 'course', title: 'Course Title', dataIndex: 'courseTitle' },
          dateColumn<Row>('date', 'Date', (row) => row.purchaseDate, localDate),
        ]}
      />
    </div>
  );
}
