/** Form rules for choosing a new password (the API asks for 8 to 128 characters). */
export const NEW_PASSWORD_RULES = [
  { required: true, message: 'Please enter a new password' },
  { min: 8, message: 'Use at least 8 characters' },
];

export const PASSWORDS_DIFFER_TEXT = 'The two passwords do not match';

/** Rules for the field repeating the new password in `field`. */
export const confirmPasswordRules = (field: string) => [
  { required: true, message: 'Please enter the new password again' },
  ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: (_: unknown, value: unknown) =>
      !value || value === getFieldValue(field) ? Promise.resolve() : Promise.reject(new Error(PASSWORDS_DIFFER_TEXT)),
  }),
];
