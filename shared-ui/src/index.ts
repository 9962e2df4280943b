/**
 * The shared UI kit: theme, antd and the router (only through these re-exports, so every portal
 * shares one of each), the session store, the API client and shared screen states.
 */
/** antd components the first load needs; the rest come from `@courseport/shared-ui/heavy`. */
export { Button, Collapse, Empty, Grid, Layout, Spin } from 'antd';
export { ApiError, api, apiRequest, NETWORK_ERROR_MESSAGE, type RequestOptions } from './api/client';
export { providePrefetched } from './api/prefetch';
export { LogoMark } from './components/LogoMark';
export { StatusMessage, type StatusMessageProps } from './components/StatusMessage';
export { EmptyState, ErrorState, type ErrorStateProps, LoadingState } from './components/states';
export { YouTubeEmbed, type YouTubeEmbedProps } from './components/YouTubeEmbed';
export type * from './contracts/index';
export {
  discountedPrice,
  formatDuration,
  formatPrice,
  htmlToPlainText,
  plainTextExcerpt,
  plural,
  videoIdFromUrl,
} from './format';
export { loadOnDemandComponents } from './load-on-demand';
export * from './router';
export { fetchRuntimeConfig, getRuntimeConfig, setRuntimeConfig } from './runtime-config';
export {
  type AuthStatus,
  type Identity,
  type ServerUser,
  type SessionState,
  sessionStore,
  useSession,
} from './session/store';
export { renderStandalone } from './standalone';
export { ThemeProvider, theme } from './theme';
export { type Toast, useToast } from './toast';
