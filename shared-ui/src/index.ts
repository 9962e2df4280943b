/**
 * The shared UI kit: the router and TanStack Query (only through these re-exports, so every portal
 * shares one), the first-load components (no antd: that is `loadAntd`, `@courseport/shared-ui/antd/*`), the
 * theme, the session store, the API client, the data layer (query client, keys, invalidation),
 * `errorText`, `useMediaQuery`, the contracts (`@courseport/contracts`) and shared screen states.
 */
export {
  ApiError,
  api,
  apiRequest,
  NETWORK_ERROR_MESSAGE,
  type RequestOptions,
  statusText,
  TIMEOUT_ERROR_MESSAGE,
} from './api/client';
export { attachmentName, downloadFile, saveBlob } from './api/download';
export { providePrefetched } from './api/prefetch';
export { Button, type ButtonProps } from './components/Button';
export { CourseImage, type CourseImageProps } from './components/CourseImage';
export {
  CourseStructure,
  type CourseStructureProps,
  LectureRow,
  type LectureRowProps,
} from './components/CourseStructure';
export { dateColumn } from './components/dateColumn';
export { LogoMark } from './components/LogoMark';
export { Pager, pageItems } from './components/Pager';
export { QueryStates, type QueryStatesProps } from './components/QueryStates';
export { ReviewReplyBlock, wasEdited } from './components/ReviewReply';
export { ReviewerPhoto, ReviewStars, ReviewSummary, type ReviewSummaryProps } from './components/ReviewSummary';
export { Spinner } from './components/Spinner';
export { StatusMessage, type StatusMessageProps } from './components/StatusMessage';
export { EmptyState, ErrorState, type ErrorStateProps, LoadingState } from './components/states';
export { YouTubeEmbed, type YouTubeEmbedProps } from './components/YouTubeEmbed';
export * from './contracts/index';
export {
  type ErrorTextOptions,
  errorText,
  GENERIC_ERROR_TEXT,
  isAbortError,
  isNetworkError,
  isRetryableError,
  isTimeoutError,
} from './errors';
export { requiredText } from './forms';
export {
  DEFAULT_CURRENCY,
  money,
  PUBLIC_CONFIG_PATH,
  PUBLIC_CONFIG_STALE_MS,
  publicConfigQuery,
  useCurrency,
} from './hooks/useCurrency';
export {
  BREAKPOINTS,
  type Breakpoint,
  maxWidthQuery,
  minWidthQuery,
  useMediaQuery,
  useMinWidth,
} from './hooks/useMediaQuery';
export { pageTitle, RenderedTitleContext, SITE_NAME, useFocusOnNavigation, usePageTitle } from './hooks/usePageTitle';
export { whenIdle } from './idle';
export { loadAntd, loadOnDemandComponents } from './load-on-demand';
export * from './query/index';
export * from './router';
export { fetchRuntimeConfig, getRuntimeConfig, setRuntimeConfig } from './runtime-config';
export {
  ENROLL_INTENT_TTL_MS,
  forgetEnrollIntent,
  pendingEnrollCourse,
  rememberEnrollIntent,
  takeEnrollIntent,
} from './session/enroll-intent';
export {
  type AuthStatus,
  createSessionStore,
  type Identity,
  rolesOf,
  type SessionState,
  SessionStoreProvider,
  sessionStore,
  signedInWithProfile,
  takeOverSession,
  useSession,
} from './session/store';
export { UserMenu, UserMenuContext, useHasUserMenu } from './session/user-menu';
export { renderStandalone, standaloneRoutes } from './standalone';
export { type TagTone, tagTone, theme } from './theme';
export { type Toast, toastPlacement, useToast } from './toast';
export { WISHLIST_PATH, wishlistItemPath, wishlistQueryThrough } from './wishlist/wishlist';
