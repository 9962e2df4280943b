import { Button } from '@courseport/shared-ui';
import { Drawer } from '@courseport/shared-ui/antd/drawer';
import { Themed } from '@courseport/shared-ui/antd/themed';
import type { ComponentProps } from 'react';
import { FilterGroups } from './FilterGroups';

/**
 * The filters on a phone: a sheet from the bottom (antd's Drawer, loaded when first opened) with
 * the same groups as the desktop sidebar. Each choice applies at once (the list behind updates);
 * 'Show results' closes it. The Drawer keeps the focus inside while open; the caller puts it back
 * on the 'Filters' button when it closes (`afterClose`).
 */
export default function FilterSheet({
  open,
  onClose,
  afterClose,
  resultText,
  ...groups
}: ComponentProps<typeof FilterGroups> & {
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
  resultText: string;
}) {
  return (
    <Themed>
      <Drawer
        open={open}
        onClose={onClose}
        afterOpenChange={(visible) => {
          if (!visible) afterClose();
        }}
        placement="bottom"
        size="85%"
        title="Filters"
        className="sf-filter-sheet"
        closable={{ 'aria-label': 'Close filters' }}
        footer={
          <Button type="primary" block size="large" onClick={onClose}>
            {resultText}
          </Button>
        }
      >
        <FilterGroups {...groups} />
      </Drawer>
    </Themed>
  );
}
