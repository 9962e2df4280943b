import { type ComponentType, createContext, Suspense, useContext } from 'react';

/**
 * The signed-in user's account menu (who is signed in, Change password, Sign out, Sign out
 * everywhere), as the shell's auth provider draws it. The shell provides it here; shared-ui is a
 * Module Federation singleton, so every portal's own top bar shows the same menu without importing
 * the shell. `null`: no shell around (a portal on its own), the portal draws its own Sign out.
 */
export const UserMenuContext = createContext<ComponentType | null>(null);

/** Whether the shell provides the account menu. */
export const useHasUserMenu = () => useContext(UserMenuContext) !== null;

/** The account menu, where the shell provides one. */
export function UserMenu() {
  const Menu = useContext(UserMenuContext);
  if (!Menu) return null;
  // The menu may load on demand; hold its place so the bar does not shift.
  return (
    <Suspense fallback={<span style={{ display: 'inline-block', width: 32, height: 32 }} />}>
      <Menu />
    </Suspense>
  );
}
