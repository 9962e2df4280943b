import { Button, type ButtonProps, type Identity } from '@courseport/shared-ui';
import type { Ref } from 'react';

/**
 * The account menu's button: the user's picture (or initial) in antd's Avatar look (`.cp-avatar`,
 * shell.css) without antd, so a signed-in page's first load needs none for it (#34). The menu
 * (AccountMenu, antd's Dropdown) wraps the same button once it is used.
 */
export function AccountButton({
  identity,
  ref,
  ...rest
}: { identity: Identity; ref?: Ref<HTMLButtonElement> } & Omit<ButtonProps, 'type' | 'shape' | 'children'>) {
  return (
    <Button
      type="text"
      shape="circle"
      aria-label={`Account menu for ${identity.fullName}`}
      style={{ padding: 0 }}
      {...rest}
      {...({ ref } as object)}
    >
      <span className="cp-avatar">
        {identity.imageUrl ? (
          <img src={identity.imageUrl} alt={identity.fullName} />
        ) : (
          identity.fullName.slice(0, 1).toUpperCase()
        )}
      </span>
    </Button>
  );
}
