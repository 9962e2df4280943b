/**
 * The app's pages that mailed links open. Each page asks before it acts (a button that POSTs the
 * token), so a mail scanner that opens the link uses nothing up.
 */
export const confirmEmailLink = (publicAppUrl: string, token: string) =>
  `${publicAppUrl}/confirm-email?token=${encodeURIComponent(token)}`;

export const resetPasswordLink = (publicAppUrl: string, token: string) =>
  `${publicAppUrl}/reset-password?token=${encodeURIComponent(token)}`;
