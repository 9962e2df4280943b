/**
 * What differs between the auth modes in the frame: the provider's user menu. It lives in shared-ui
 * (a singleton) so the portals' own top bars (educator, admin) show the same menu as the shell's bar.
 */
export { UserMenu, UserMenuContext } from '@courseport/shared-ui';
