import { Button, type Category, EmptyState, plural, type QueryState, QueryStates } from '@courseport/shared-ui';
import { Card } from '@courseport/shared-ui/antd/card';
import { Flex } from '@courseport/shared-ui/antd/flex';
import { Input } from '@courseport/shared-ui/antd/input';
import { Modal } from '@courseport/shared-ui/antd/modal';
import { Typography } from '@courseport/shared-ui/antd/typography';
import { useState } from 'react';

export const DELETE_CATEGORY_TEXT = 'Courses cannot be in a deleted category. Delete it?';

interface CategoriesTabProps {
  /** The list, or loading, or why it could not be loaded (nothing to show): an error state with Try Again. */
  state: QueryState<Category[]>;
  onRetry: () => void;
  adding: boolean;
  renaming: boolean;
  busySlugs: ReadonlySet<string>;
  /** Resolve true when done. */
  onAdd: (name: string) => Promise<boolean>;
  onRename: (slug: string, name: string) => Promise<boolean>;
  onDelete: (slug: string) => Promise<void>;
}

/** Renames one category: its name, prefilled; Save sends it, the dialog closes once it is saved. */
function RenameModal({
  category,
  saving,
  onRename,
  onClose,
}: {
  category: Category | null;
  saving: boolean;
  onRename: (slug: string, name: string) => Promise<boolean>;
  onClose: () => void;
}) {
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

/** The admin's Categories tab: every category with its course count; add, rename, delete. */
export function CategoriesTab(props: CategoriesTabProps) {
  const { state, onRetry, adding, renaming, busySlugs, onAdd, onRename, onDelete } = props;
  const [value, setValue] = useState('');
  const [renamed, setRenamed] = useState<Category | null>(null);

  const submit = async () => {
    if (adding) return;
    if (await onAdd(value)) setValue('');
  };

  const confirmDelete = (category: Category) =>
    Modal.confirm({
      title: `Delete the category "${category.name}"`,
      content: DELETE_CATEGORY_TEXT,
      okText: 'Delete',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () => onDelete(category.slug),
    });

  return (
    <Card title="Categories">
      <Typography.Paragraph type="secondary">
        Educators choose one of these for each course; students filter the catalog by them.
      </Typography.Paragraph>
      <Flex wrap gap={8} style={{ marginBottom: 24 }}>
        <Input
          aria-label="New category name"
          placeholder="Web Development"
          autoComplete="off"
          maxLength={60}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onPressEnter={submit}
          style={{ flex: '1 1 220px' }}
        />
        <Button type="primary" onClick={submit} disabled={adding || !value.trim()}>
          {adding ? 'Adding...' : 'Add Category'}
        </Button>
      </Flex>

      <QueryStates
        state={state}
        loadingText="Loading categories..."
        errorTitle="Could not load the categories"
        onRetry={onRetry}
        empty={<EmptyState title="No categories yet." />}
      >
        {(categories) => (
          <section aria-labelledby="admin-categories">
            <Typography.Title level={5} id="admin-categories">
              Categories ({categories.length})
            </Typography.Title>
            <Flex component="ul" vertical gap={8} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {categories.map((category) => {
                const busy = busySlugs.has(category.slug);
                return (
                  <Flex
                    component="li"
                    key={category.slug}
                    wrap
                    justify="space-between"
                    align="center"
                    gap={8}
                    className="cp-admin-category"
                    style={{
                      border: '1px solid var(--cp-color-border)',
                      borderRadius: 'var(--cp-radius)',
                      padding: '10px 14px',
                    }}
                  >
                    <Flex vertical gap={2} style={{ minWidth: 0 }}>
                      <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
                        {category.name}
                      </Typography.Text>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {plural(category.courseCount, 'course')}
                      </Typography.Text>
                    </Flex>
                    <Flex gap={8}>
                      <Button
                        size="small"
                        aria-label={`Rename ${category.name}`}
                        disabled={busy}
                        onClick={() => setRenamed(category)}
                      >
                        Rename
                      </Button>
                      <Button
                        danger
                        size="small"
                        aria-label={`Delete ${category.name}`}
                        disabled={busy}
                        onClick={() => confirmDelete(category)}
                      >
                        Delete
                      </Button>
                    </Flex>
                  </Flex>
                );
              })}
            </Flex>
          </section>
        )}
      </QueryStates>
      <RenameModal
        key={renamed?.slug ?? 'none'}
        category={renamed}
        saving={renaming}
        onRename={onRename}
        onClose={() => setRenamed(null)}
      />
    </Card>
  );
}
