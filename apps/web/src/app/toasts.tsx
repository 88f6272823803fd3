import { useTranslation } from 'react-i18next';
import { TOAST_AUTO_CLOSE_MS } from '@/config/constants';
import { ToastContainer } from '@/lib/toast';

/** The toast container, in its own chunk (see ToastHost in providers.tsx). */
export default function Toasts() {
  const { t } = useTranslation('common');
  return (
    <ToastContainer
      position="top-right"
      autoClose={TOAST_AUTO_CLOSE_MS}
      pauseOnHover
      pauseOnFocusLoss
      draggable
      draggablePercent={80}
      newestOnTop
      theme="light"
      aria-label={t('toasts.label')}
    />
  );
}
