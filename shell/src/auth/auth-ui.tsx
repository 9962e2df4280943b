import { type ComponentType, createContext, useContext } from 'react';

/** What differs between the auth modes in the frame: the provider's user menu. */
export const UserMenuContext = createContext<ComponentType>(() => null);

export function UserMenu() {
  const Menu = useContext(UserMenuContext);
  return <Menu />;
}
