import { loadOnDemandComponents } from './load-on-demand';

export interface Toast {
  success(text: string): void;
  error(text: string): void;
  info(text: string): void;
  warning(text: string): void;
}

type Kind = keyof Toast;

/** Shows a toast as the spec wants them: top-right, closing after 5 seconds. */
function show(kind: Kind, text: string): void {
  void loadOnDemandComponents().then(({ notification }) =>
    notification[kind]({ title: text, placement: 'topRight', duration: 5 }),
  );
}

const toast: Toast = {
  success: (text) => show('success', text),
  error: (text) => show('error', text),
  info: (text) => show('info', text),
  warning: (text) => show('warning', text),
};

/** Toasts; the notification code loads with the first one, not with the page. */
export function useToast(): Toast {
  return toast;
}
