type ToastKind = 'success' | 'error' | 'info' | 'warning';

/** `toastId`: a toast raised again with the same id while shown is not shown twice. */
interface ToastOptions {
  toastId?: string;
}

function show(kind: ToastKind, message: string, options?: ToastOptions) {
  // react-toastify keeps a toast raised before its container mounts and shows it then.
  void import('react-toastify').then(({ toast }) => toast[kind](message, options)).catch(() => {});
}

/**
 * Toasts for the screens of a first visit (sign-in, sign-out, the dashboard): react-toastify
 * loads with the first toast or with its container, not with the page
 * (docs/decisions/031-first-visit.md).
 */
export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  warning: (message: string, options?: ToastOptions) => show('warning', message, options),
};
