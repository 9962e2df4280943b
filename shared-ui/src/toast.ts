import { type ErrorTextOptions, errorText } from './errors';
import { loadOnDemandComponents } from './load-on-demand';

export interface Toast {
  success(text: string): void;
  error(text: string): void;
  info(text: string): void;
  warning(text: string): void;
  /** A failed action, said the one way every portal says it: `errorText(error, fallback, options)`. */
  failure(error: unknown, fallback?: string, options?: ErrorTextOptions): void;
}

type Kind = Exclude<keyof Toast, 'failure'>;

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
  failure: (error, fallback, options) => show('error', errorText(error, fallback, options)),
};

/** Toasts; the notification code loads with the first one, not with the page. */
export function useToast(): Toast {
  return toast;
}
