/**
 * API and platform contracts shared by the API and every front end. React-free and type-only,
 * so the API can import it without pulling in browser code.
 */

/** Every JSON response of the API. */
export type ApiEnvelope<T extends object = object> = { success: boolean; message?: string } & Partial<T>;

export type RemoteName = 'storefront' | 'learner' | 'educator' | 'admin';

/** `/runtime-config.json`, generated from the environment when the shell starts or deploys. */
export interface RuntimeConfig {
  apiBaseUrl: string;
  /** Each remote's `mf-manifest.json` URL. */
  remotes: Partial<Record<RemoteName, string>>;
}

export type Role = 'student' | 'educator' | 'admin';

export interface HealthResponse {
  status: 'ok' | 'degraded';
  store: { kind: 'embedded' | 'mongodb'; ok: boolean };
  time: string;
}
