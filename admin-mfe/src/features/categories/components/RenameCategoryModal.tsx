import type { Category } from '@courseport/shared-ui';
import { Input } from '@courseport/shared-ui/antd/input';
import { Modal } from '@courseport/shared-ui/antd/modal';
import { useState } from 'react';

export interface RenameCategoryModalProps {
  /** The category being renamed; the dialog is open while it is set. */
  category: Category | null;
  saving: boolean;
  onRename: (slug: string, name: string) => Promise<boolean>;
  onClose: () => void;
}

/**
 * Renames one category (antd's Modal, loaded when first wanted: CategoriesTab): its name,
 * prefilled; Save sends it, the dialog closes once it is saved.
 */
export function RenameCategoryModal({ category, saving, onRename, onClose }: RenameCategoryModalProps) {
  const [name, setName] = useState(category?.name ?? '');
  const save = async () => {
    if (!category || saving) return;
    if (await onRename(category.slug, name)) onClose();
  };
  return (
    <Modal
      open={category !== null}
      title="Rename category"
      okText="Save"
      cancelText="Cancel"
      onOk={save}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ disabled: !name.trim() || name.trim() === category?.name }}
      destroyOnHidden
    >
      <Input
        aria-label="Category name"
        value={name}
        maxLength={60}
        autoFocus
        onChange={(e) => setName(e.target.value)}
        onPressEnter={save}
      />
    </Modal>
  );
}
