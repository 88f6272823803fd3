import { requestToasts } from './toast-host';

/**
 * The one import of react-toastify. Its main entry injects a <style> tag at runtime, which a
 * strict Content-Security-Policy blocks; the unstyled entry plus the bundled stylesheet does
 * not. Both entries keep separate toast queues, so every caller must come through here.
 */
export { toast, ToastContainer, type ToastOptions, type Id as ToastId } from 'react-toastify/unstyled';

// Whoever can raise a toast brings the container along (app/providers.tsx ToastHost).
requestToasts();
