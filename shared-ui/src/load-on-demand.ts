/** Loads the on-demand antd components: an async chunk of the shared-ui singleton. */
export const loadOnDemandComponents = () => import('./antd/on-demand');
