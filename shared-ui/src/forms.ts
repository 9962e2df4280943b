/** A form rule for a required text field: empty or only spaces is refused with `message`. */
export function requiredText(message: string) {
  return { required: true, whitespace: true, message } as const;
}
