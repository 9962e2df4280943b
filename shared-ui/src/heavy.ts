/**
 * `@courseport/shared-ui/heavy`: antd, kept out of the first load (forms, tables, dialogs...).
 * Importing this module waits for it once; import it only from screens that are themselves loaded
 * on demand (a portal page, a lazy dialog), never from a first-load path, and render such a
 * screen inside `<Themed>` (antd's ConfigProvider with the platform's theme).
 *
 * It is not a shared module itself: it is a few bytes in each app, asking the shared-ui singleton
 * for its own chunk, so there is still exactly one antd.
 */
import { loadOnDemandComponents } from '@courseport/shared-ui';

export const {
  Alert,
  Avatar,
  Card,
  Checkbox,
  Collapse,
  Drawer,
  Dropdown,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Pagination,
  PagesNav,
  Progress,
  Rate,
  Segmented,
  Spin,
  Table,
  Tabs,
  Tag,
  Tooltip,
  Themed,
  Typography,
} = await loadOnDemandComponents();
