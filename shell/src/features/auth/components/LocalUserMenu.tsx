import { useSession } from '@courseport/shared-ui';
import { lazy, Suspense, useState } from 'react';
import { AccountButton } from './AccountButton';

export { SIGN_OUT_EVERYWHERE_TEXT, SIGN_OUT_EVERYWHERE_TITLE } from './account-texts';

const accountMenu = () => import('./AccountMenu');
const AccountMenu = lazy(accountMenu);
const preload = () => void accountMenu().catch(() => {});

/**
 * Local accounts' user menu, as every signed-in page shows it: a plain button (no antd in the
 * page's first load, #34) that loads the menu (AccountMenu: antd's Dropdown and the account's
 * dialogs) when pointed at or focused, and opens it when pressed.
 */
export function LocalUserMenu() {
  const identity = useSession((s) => s.identity);
  const [used, setUsed] = useState(false);
  if (!identity) return null;
  if (!used) {
    return (
      <AccountButton identity={identity} onPointerEnter={preload} onFocus={preload} onClick={() => setUsed(true)} />
    );
  }
  return (
    <Suspense fallback={<AccountButton identity={identity} aria-busy />}>
      <AccountMenu />
    </Suspense>
  );
}
