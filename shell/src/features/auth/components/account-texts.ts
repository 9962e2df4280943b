export const SIGN_OUT_EVERYWHERE_TITLE = 'Sign out on every device?';
export const SIGN_OUT_EVERYWHERE_TEXT =
  'This signs you out in this browser and on every other device where you are signed in.';
