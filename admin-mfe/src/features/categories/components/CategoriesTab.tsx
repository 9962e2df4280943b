import {
  Button,
  type Category,
  EmptyState,
  plural,
  type QueryState,
  QueryStates,
  useToast,
} from '@courseport/shared-ui';
import { Suspense, useState } from 'react';
import { PlainCard } from '../../../components/PlainCard';
import { CONFIRM_LOAD_FAILED, openConfirmDialog, preloadConfirmDialog } from '../../../lib/confirm-dialog';
import { lazyDialog } from '../../../lib/lazy-dialog';

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

/** The rename dialog (antd's Modal and Input, in the platform's theme): loaded when first wanted. */
const { Dialog: RenameCategoryModal, preload: preloadRenameModal } = lazyDialog(() =>
  import('./RenameCategoryModal').then((m) => m.RenameCategoryModal),
);

/**
 * The admin's Categories tab: every category with its course count; add, rename, delete. Plain
 * markup with antd's look (#34: the tab's first screen draws no antd; admin.css); the rename
 * dialog and the deletion's confirmation load antd when they are wanted.
 */
export function CategoriesTab(props: CategoriesTabProps) {
  const { state, onRetry, adding, renaming, busySlugs, onAdd, onRename, onDelete } = props;
  const toast = useToast();
  const [value, setValue] = useState('');
  const [renamed, setRenamed] = useState<Category | null>(null);
  /** The dialog stays mounted once opened (its closing animation, the focus going back). */
  const [dialogWanted, setDialogWanted] = useState(false);

  const submit = async () => {
    if (adding) return;
    if (await onAdd(value)) setValue('');
  };

  const startRename = (category: Category) => {
    setDialogWanted(true);
    setRenamed(category);
  };

  const confirmDelete = (category: Category) =>
    void openConfirmDialog({
      title: `Delete the category "${category.name}"`,
      content: DELETE_CATEGORY_TEXT,
      okText: 'Delete',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () => onDelete(category.slug),
    }).catch((error: unknown) => toast.failure(error, CONFIRM_LOAD_FAILED, { network: 'fallback' }));

  return (
    <PlainCard title="Categories">
      <p className="cp-admin-secondary">
        Educators choose one of these for each course; students filter the catalog by them.
      </p>
      <div className="cp-admin-add-row">
        <input
          className="cp-input"
          aria-label="New category name"
          placeholder="Web Development"
          autoComplete="off"
          maxLength={60}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void submit();
            }
          }}
        />
        <Button type="primary" onClick={submit} disabled={adding || !value.trim()}>
          {adding ? 'Adding...' : 'Add Category'}
        </Button>
      </div>

      <QueryStates
        state={state}
        loadingText="Loading categories..."
        errorTitle="Could not load the categories"
        onRetry={onRetry}
        empty={<EmptyState title="No categories yet." />}
      >
        {(categories) => (
          <section aria-labelledby="admin-categories">
            <h3 className="cp-admin-list-title" id="admin-categories">
              Categories ({categories.length})
            </h3>
            <ul className="cp-admin-items">
              {categories.map((category) => {
                const busy = busySlugs.has(category.slug);
                return (
                  <li key={category.slug} className="cp-admin-item cp-admin-category">
                    <span className="cp-admin-item-text">
                      <strong className="cp-admin-item-name">{category.name}</strong>
                      <span className="cp-admin-item-facts">{plural(category.courseCount, 'course')}</span>
                    </span>
                    <span className="cp-admin-actions">
                      <Button
                        size="small"
                        aria-label={`Rename ${category.name}`}
                        disabled={busy}
                        onPointerEnter={preloadRenameModal}
                        onFocus={preloadRenameModal}
                        onClick={() => startRename(category)}
                      >
                        Rename
                      </Button>
                      <Button
                        danger
                        size="small"
                        aria-label={`Delete ${category.name}`}
                        disabled={busy}
                        onPointerEnter={preloadConfirmDialog}
                        onFocus={preloadConfirmDialog}
                        onClick={() => confirmDelete(category)}
                      >
                        Delete
                      </Button>
                    </span>
                  </li>
                );
              })}
            </ul>
          </section>
        )}
      </QueryStates>
      {dialogWanted && (
        <Suspense fallback={null}>
          <RenameCategoryModal
            key={renamed?.slug ?? 'none'}
            category={renamed}
            saving={renaming}
            onRename={onRename}
            onClose={() => setRenamed(null)}
          />
        </Suspense>
      )}
    </PlainCard>
  );
}
