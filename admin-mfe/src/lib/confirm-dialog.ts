import { loadAntd } from '@courseport/shared-ui';
import type { Modal } from '@courseport/shared-ui/antd/modal';

/** What antd's `Modal.confirm` takes: title, content, okText, okButtonProps, cancelText, onOk… */
export type ConfirmDialogOptions = Parameters<typeof Modal.confirm>[0];

/** Told (a toast) when the confirmation's code cannot be loaded (offline): nothing was done. */
export const CONFIRM_LOAD_FAILED = 'Could not open the confirmation. Check your connection and try again.';

/**
 * antd's confirmation (`Modal.confirm`, in the platform's theme), loaded when first wanted (#34: a
 * plain tab's first load carries no antd). Rejects when its code cannot be loaded.
 */
export const openConfirmDialog = (options: ConfirmDialogOptions) =>
  loadAntd.modal().then(({ Modal }) => {
    Modal.confirm(options);
  });

/** Starts loading the confirmation's code when its button is pointed at or focused (no wait on the press). */
export const preloadConfirmDialog = () => void loadAntd.modal().catch(() => undefined);
