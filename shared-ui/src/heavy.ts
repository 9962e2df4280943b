/**
 * `@courseport/shared-ui/heavy`: the antd components kept out of the first load (forms, tables,
 * dialogs...). Importing this module waits for them once; import it only from screens that are
 * themselves loaded on demand (a portal page, a lazy dialog), never from a first-load path.
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
  Dropdown,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Progress,
  Rate,
  Table,
  Tabs,
  Tag,
  Tooltip,
  Typography,
} = await loadOnDemandComponents();
