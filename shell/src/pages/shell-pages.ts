import type { PageDataLoader } from '@courseport/shared-ui';
import type { ComponentType } from 'react';

/** A shell page's module: the page, and what it shows first (as a portal's page module). */
export interface ShellPageModule {
  default: ComponentType;
  loadPageData?: PageDataLoader;
}

/** The mail settings (#35), a signed-in user's page: loaded by the router, by the start-up and on the server. */
export const loadNotificationSettingsPage = (): Promise<ShellPageModule> => import('./NotificationSettingsPage');

/**
 * The shell's signed-in pages (`signedIn` in the platform description's SHELL.pages), by path: the
 * browser's start-up loads the page and its data in one wave with the session, and the shell's
 * server renders it for a returning user (#34).
 */
export const SIGNED_IN_SHELL_PAGES: Record<string, () => Promise<ShellPageModule>> = {
  '/settings/notifications': loadNotificationSettingsPage,
};
