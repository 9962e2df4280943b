import { queryKeys, useMutation, useQuery, useQueryClient, useQueryState, useToast } from '@courseport/shared-ui';
import { useCallback, useState } from 'react';
import { categoriesQuery, createCategory, deleteCategory, renameCategory } from '../api/categories';

export const CATEGORIES_LOAD_FAILED = 'Failed to fetch categories';

/** Never rejects: the failure was told as a toast. */
const settled = (promise: Promise<unknown>) =>
  promise.then(
    () => true,
    () => false,
  );

/**
 * The categories (`queryKeys.categories.all`, shared with the educator's course form), loaded once
 * `enabled` turns true (the tab was opened); adding, renaming and deleting refetch them and the
 * catalog (whose cards name their category). The server's message is the toast, either way.
 */
export function useAdminCategories(enabled: boolean) {
  const toast = useToast();
  const client = useQueryClient();
  // Refresh: with a list on screen a failure is a toast and the list stays.
  const { state, refresh } = useQueryState(useQuery({ ...categoriesQuery(), enabled }), {
    fallback: CATEGORIES_LOAD_FAILED,
    network: 'fallback',
    toast: 'refresh',
  });
  const [busySlugs, setBusySlugs] = useState<ReadonlySet<string>>(new Set());

  const reload = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.categories.all }),
      client.invalidateQueries({ queryKey: queryKeys.catalog.all }),
    ]);
  const done = (fallback: string) => (res: { message?: string }) => {
    toast.success(res.message || fallback);
    return reload();
  };

  const adding = useMutation({
    mutationFn: createCategory,
    onSuccess: done('Category added'),
    onError: (error) => toast.failure(error, 'Failed to add the category', { network: 'fallback' }),
  });
  const renaming = useMutation({
    mutationFn: renameCategory,
    onSuccess: done('Category renamed'),
    onError: (error) => toast.failure(error, 'Failed to rename the category', { network: 'fallback' }),
  });
  const deleting = useMutation({
    mutationFn: deleteCategory,
    onSuccess: done('Category deleted'),
    onError: (error) => toast.failure(error, 'Failed to delete the category', { network: 'fallback' }),
  });
  const { mutateAsync: addAsync } = adding;
  const { mutateAsync: renameAsync } = renaming;
  const { mutateAsync: deleteAsync } = deleting;

  const withBusy = useCallback(async (slug: string, work: () => Promise<boolean>) => {
    setBusySlugs((busy) => new Set(busy).add(slug));
    try {
      return await work();
    } finally {
      setBusySlugs((busy) => {
        const next = new Set(busy);
        next.delete(slug);
        return next;
      });
    }
  }, []);

  /** Resolves true when the category was added (the caller clears its input). */
  const add = useCallback(
    async (input: string) => {
      const name = input.trim();
      if (!name) {
        toast.error('Please enter a category name');
        return false;
      }
      return settled(addAsync(name));
    },
    [addAsync, toast],
  );

  /** Resolves true when the category was renamed (the caller closes its dialog). */
  const rename = useCallback(
    async (slug: string, input: string) => {
      const name = input.trim();
      if (!name) {
        toast.error('Please enter a category name');
        return false;
      }
      return withBusy(slug, () => settled(renameAsync({ slug, name })));
    },
    [renameAsync, toast, withBusy],
  );

  const remove = useCallback(
    (slug: string) => withBusy(slug, () => settled(deleteAsync(slug))).then(() => undefined),
    [deleteAsync, withBusy],
  );

  return {
    state,
    adding: adding.isPending,
    renaming: renaming.isPending,
    busySlugs,
    add,
    rename,
    remove,
    refresh,
  };
}
