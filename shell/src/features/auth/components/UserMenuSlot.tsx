import { type ComponentType, createContext, Suspense, useContext } from 'react';

/** What differs between the auth modes in the frame: the provider's user menu. */
export const UserMenuContext = createContext<ComponentType>(() => null);

export function UserMenu() {
  const Menu = useContext(UserMenuContext);
  // The menu may load on demand; hold its place so the bar does not shift.
  return (
    <Suspense fallback={<span style={{ display: 'inline-block', width: 32, height: 32 }} />}>
      <Menu />
    </Suspense>
  );
}
