export function runtimeConfigFromEnv(env?: NodeJS.ProcessEnv): { apiBaseUrl: string; remotes: Record<string, string> };
export function devApiProxy(): Record<'/api' | '/checkout', { target: string; xfwd: boolean }>;
export const RUNTIME_CONFIG_ELEMENT_ID: string;
export function runtimeConfigHtml(config: { apiBaseUrl: string; remotes: Record<string, string> }): string;
