import { type ComponentType, createContext, useContext } from 'react';

/**
 * The signed-in user's account menu (who is signed in, Change password, Sign out, Sign out
 * everywhere), as the shell's auth provider draws it. The shell provides it here; shared-ui is a
 * Module Federation singleton, so every portal's own top bar shows the same menu without importing
 * the shell. `null`: no shell around (a portal on its own), the portal draws its own Sign out.
 */
export const UserMenuContext = createContext<ComponentType | null>(null);

/** Whether the shell provides the account menu. */
export const useHasUserMenu = () => useContext(UserMenuContext) !== null;

/**
 * The account menu, where the shell provides one. A menu that loads on demand holds its place
 * itself while it loads (the shell's local accounts' menu), so a page the server rendered with the
 * menu is taken over with the same markup.
 */
export function UserMenu() {
  const Menu = useContext(UserMenuContext);
  return Menu ? <Menu /> : null;
}
