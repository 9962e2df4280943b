/**
 * Public GETs started before the screen that needs them has loaded: the shell starts the call a
 * route needs with the page itself. The screen's own `api.get` of the same path, when it carries
 * no token, takes that response instead of asking again. Each is used once, and only while fresh.
 */
const FRESH_MS = 10_000;
const early = new Map<string, { response: Promise<Response>; at: number }>();

export function providePrefetched(path: string, response: Promise<Response>): void {
  // An unused prefetch must not surface as an unhandled rejection.
  response.catch(() => {});
  early.set(path, { response, at: Date.now() });
}

export function takePrefetched(path: string): Promise<Response> | undefined {
  const entry = early.get(path);
  early.delete(path);
  return entry && Date.now() - entry.at < FRESH_MS ? entry.response : undefined;
}
