/**
 * antd, loaded on demand: async chunks of the shared-ui singleton, so there is one antd instance
 * (theme, style cache) however many apps use it.
 *
 * `loadAntd.<component>()` loads one component (or a tight group) in its own chunk; antd's common
 * parts (CSS-in-JS, ConfigProvider, rc-* utilities) are shared chunks that load once. Apps reach
 * them through `@courseport/shared-ui/antd/<component>` (a few bytes each, waiting for the chunk).
 * A key added here is a run-time export (`test/exports.test.ts` records each one's names): a minor
 * version bump.
 */
export const loadAntd = {
  alert: () => import('./antd/alert'),
  avatar: () => import('./antd/avatar'),
  card: () => import('./antd/card'),
  checkbox: () => import('./antd/checkbox'),
  drawer: () => import('./antd/drawer'),
  dropdown: () => import('./antd/dropdown'),
  flex: () => import('./antd/flex'),
  form: () => import('./antd/form'),
  input: () => import('./antd/input'),
  inputNumber: () => import('./antd/input-number'),
  modal: () => import('./antd/modal'),
  notification: () => import('./antd/notification'),
  pagesNav: () => import('./antd/pages-nav'),
  progress: () => import('./antd/progress'),
  segmented: () => import('./antd/segmented'),
  spin: () => import('./antd/spin'),
  table: () => import('./antd/table'),
  tabs: () => import('./antd/tabs'),
  tag: () => import('./antd/tag'),
  themed: () => import('./antd/themed'),
  tooltip: () => import('./antd/tooltip'),
  typography: () => import('./antd/typography'),
};

/**
 * Every antd component up to shared-ui 1.6.0 in one chunk: kept for the portal versions built
 * before 1.7.0, whose `@courseport/shared-ui/heavy` calls it through the shell's singleton. New
 * code uses `loadAntd`.
 */
export const loadOnDemandComponents = () => import('./antd/on-demand');
