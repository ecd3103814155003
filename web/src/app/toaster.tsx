import { Slide, ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';

/**
 * Toasts (docs/product.md#14-formats-and-notifications): top-right, 5000 ms, pause on hover/focus loss,
 * click to close, drag 80%.
 */
export default function Toaster() {
  return (
    <ToastContainer
      position="top-right"
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
