export function runtimeConfigFromEnv(env?: NodeJS.ProcessEnv): { apiBaseUrl: string; remotes: Record<string, string> };
