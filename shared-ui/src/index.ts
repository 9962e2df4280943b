/**
 * The shared UI kit: theme, antd (only through these re-exports, so every portal shares one
 * antd), the session store, the API client and shared screen states.
 */
export {
  Alert,
  App as AntApp,
  Avatar,
  Badge,
  Breadcrumb,
  Button,
  Card,
  Checkbox,
  Col,
  Collapse,
  Descriptions,
  Drawer,
  Dropdown,
  Empty,
  Flex,
  Form,
  Grid,
  Input,
  InputNumber,
  Layout,
  List,
  Menu,
  Modal,
  Progress,
  Rate,
  Result,
  Row,
  Space,
  Spin,
  Table,
  Tabs,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
export { ApiError, api, apiRequest, NETWORK_ERROR_MESSAGE, type RequestOptions } from './api/client';
export { LogoMark } from './components/LogoMark';
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
