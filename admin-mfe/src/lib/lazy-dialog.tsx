import { type ComponentType, lazy } from 'react';

/**
 * A dialog drawn with antd (its Modal, in the platform's theme), in a chunk of its own: loaded when
 * first wanted, so a plain tab's first load carries no antd (#34). `preload()` starts the load when
 * the button that opens it is pointed at or focused, so the press does not wait on it. Render
 * `<Dialog …/>` inside a `Suspense` once the dialog is first wanted (it stays mounted after, for its
 * closing animation and the focus going back to the button).
 */
export function lazyDialog<P extends object>(importDialog: () => Promise<ComponentType<P>>) {
  const load = () =>
    Promise.all([importDialog(), import('@courseport/shared-ui/antd/themed')]).then(([Dialog, { Themed }]) => ({
      default: (props: P) => (
        <Themed>
          <Dialog {...props} />
        </Themed>
      ),
    }));
  return { Dialog: lazy(load), preload: () => void load().catch(() => undefined) };
}
