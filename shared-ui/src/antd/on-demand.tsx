/**
 * antd, which no first page load needs: an async chunk of the shared-ui singleton, so there is one
 * antd instance (theme, style cache), reaching screens through `@courseport/shared-ui/heavy`.
 */
import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { theme } from '../theme';

/** The platform's antd theme. Every screen that uses these components renders inside it. */
export function Themed({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={theme}>{children}</ConfigProvider>;
}

// Toasts and confirmations are rendered outside the React tree: give them the same theme.
ConfigProvider.config({ holderRender: (children) => <Themed>{children}</Themed> });

export {
  Alert,
  Avatar,
  Card,
  Checkbox,
  Collapse,
  Dropdown,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  notification,
  Progress,
  Rate,
  Spin,
  Table,
  Tabs,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
