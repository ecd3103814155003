type ToastKind = 'success' | 'error' | 'info' | 'warning';

function show(kind: ToastKind, message: string) {
  // react-toastify keeps a toast raised before its container mounts and shows it then.
  void import('react-toastify').then(({ toast }) => toast[kind](message)).catch(() => {});
}

/**
 * Toasts for the screens of a first visit (sign-in, sign-out): react-toastify loads with the
 * first toast or with its container, not with the page (docs/decisions/031-first-visit.md).
 */
export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
  warning: (message: string) => show('warning', message),
};
