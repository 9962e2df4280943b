import { createContext, useContext } from 'react';

/** The local accounts dialog's screens. */
export type AuthMode = 'sign-in' | 'sign-up' | 'forgot-password';

/**
 * What local accounts offer besides the session store's sign-in and sign-out: the account menu's
 * and the reset page's actions. Each resolves with the API's message and throws an ApiError with
 * the server's message on failure. Absent (null) in Clerk mode, which has its own screens.
 */
export interface LocalAccount {
  openDialog(mode: AuthMode): void;
  /** Confirms the address of a confirmation link and signs in as that account. */
  confirmEmail(token: string): Promise<string>;
  /** Sets a new password from a reset link and signs in as that account. */
  resetPassword(token: string, password: string): Promise<string>;
  /** This session stays signed in; the account's other sessions are signed out. */
  changePassword(currentPassword: string, newPassword: string): Promise<string>;
  /** Signs out here and on every other device, then goes home. */
  signOutEverywhere(): Promise<string>;
}

export const LocalAccountContext = createContext<LocalAccount | null>(null);

export const useLocalAccount = () => useContext(LocalAccountContext);
