/**
 * antd components that no first page load needs. They live in an async chunk of the shared-ui
 * singleton, so they share its one antd instance (theme, style cache), and reach screens through
 * `@courseport/shared-ui/heavy`.
 */
import { ConfigProvider } from 'antd';
import { theme } from '../theme';

// Toasts and confirmations are rendered outside the React tree: give them the same theme.
ConfigProvider.config({ holderRender: (children) => <ConfigProvider theme={theme}>{children}</ConfigProvider> });

export {
  Alert,
  Avatar,
  Card,
  Checkbox,
  Dropdown,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  notification,
  Progress,
  Rate,
  Table,
  Tabs,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
