import { isLocale, localeDirection } from '@ecu/shared/i18n/locales';
import { useLingui } from '@lingui/react';
import { Slide, ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';

/**
 * Toasts (docs/product.md#14-formats-and-notifications): top-right, 5000 ms, pause on hover/focus loss,
 * click to close, drag 80%. Right to left they sit top-left and read right to left
 * (docs/decisions/094-right-to-left.md).
 */
export default function Toaster() {
  const { i18n } = useLingui();
  const rtl = isLocale(i18n.locale) && localeDirection(i18n.locale) === 'rtl';
  return (
    <ToastContainer
      position={rtl ? 'top-left' : 'top-right'}
      rtl={rtl}
      autoClose={5000}
      pauseOnHover
      pauseOnFocusLoss
      closeOnClick
      draggable
      draggablePercent={80}
      hotKeys={(e) => e.altKey && e.code === 'KeyT'}
      transition={Slide}
      newestOnTop
    />
  );
}
