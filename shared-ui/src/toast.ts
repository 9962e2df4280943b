import { App } from 'antd';
import { useMemo } from 'react';

export interface Toast {
  success(text: string): void;
  error(text: string): void;
  info(text: string): void;
  warning(text: string): void;
}

/** Toasts as the spec wants them: top-right, closing after 5 seconds. */
export function useToast(): Toast {
  const { notification } = App.useApp();
  return useMemo(() => {
    const show = (type: 'success' | 'error' | 'info' | 'warning') => (text: string) =>
      notification[type]({ title: text, placement: 'topRight', duration: 5 });
    return { success: show('success'), error: show('error'), info: show('info'), warning: show('warning') };
  }, [notification]);
}
