import { type ErrorTextOptions, errorText } from './errors';
import { maxWidthQuery } from './hooks/useMediaQuery';
import { loadAntd } from './load-on-demand';

export interface Toast {
  success(text: string): void;
  error(text: string): void;
  info(text: string): void;
  warning(text: string): void;
  /** A failed action, said the one way every portal says it: `errorText(error, fallback, options)`. */
  failure(error: unknown, fallback?: string, options?: ErrorTextOptions): void;
}

type Kind = Exclude<keyof Toast, 'failure'>;

/**
 * Where a toast opens: top-right as the spec wants (below the navigation bar, see the shell's
 * `useToastOffset`), but at the bottom on phones, where a top-right toast spans the screen and
 * covers the bar and a dialog's first controls (e.g. the Student option of 'Choose Your Roles').
 */
export function toastPlacement(): 'topRight' | 'bottom' {
  const phone =
    typeof window !== 'undefined' && typeof window.matchMedia === 'function'
      ? window.matchMedia(maxWidthQuery('md')).matches
      : false;
  return phone ? 'bottom' : 'topRight';
}

/** Shows a toast as the spec wants them: top-right (bottom on phones), closing after 5 seconds. */
function show(kind: Kind, text: string): void {
  void loadAntd
    .notification()
    .then(({ notification }) => notification[kind]({ title: text, placement: toastPlacement(), duration: 5 }));
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
