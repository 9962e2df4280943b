/** The message to show for a failed call: the server's (carried by ApiError), or `fallback`. */
export const errorText = (error: unknown, fallback: string): string =>
  error instanceof Error && error.message ? error.message : fallback;
