/**
 * Every antd component the platform used up to shared-ui 1.6.0, in one async chunk of the
 * singleton: what `loadOnDemandComponents` hands out to portal versions built before 1.7.0 (their
 * `@courseport/shared-ui/heavy`). New code asks for each component on its own (`loadAntd`, the
 * `@courseport/shared-ui/antd/*` entries), so a page loads only the ones it renders; this module
 * stays, unchanged in what it exports, for the portal versions already released.
 */
export {
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
  notification,
  Pagination,
  Progress,
  Rate,
  Segmented,
  Spin,
  Tabs,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
export { PagesNav } from './pages-nav';
export { Table } from './table';
export { Themed } from './themed';
