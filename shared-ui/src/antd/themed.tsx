/**
 * antd's ConfigProvider with the platform's theme: every screen that renders antd components
 * renders inside `<Themed>`. Each component module of this folder imports this one, so the theme
 * of what antd renders outside the React tree (toasts, `Modal.confirm`) is set before any of them runs.
 */
import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { theme } from '../theme';

/** The platform's antd theme. Every screen that uses antd components renders inside it. */
export function Themed({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={theme}>{children}</ConfigProvider>;
}

// Toasts and confirmations are rendered outside the React tree: give them the same theme.
ConfigProvider.config({ holderRender: (children) => <Themed>{children}</Themed> });
