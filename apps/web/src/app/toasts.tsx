import { useTranslation } from 'react-i18next';
import { TOAST_AUTO_CLOSE_MS } from '@/config/constants';
import { ToastContainer } from '@/lib/toast';

/** The toast container, in its own chunk (see ToastHost in providers.tsx). */
export default function Toasts() {
  const { t } = useTranslation('common');
  return (
    <ToastContainer
      // At the top they covered the header's language, theme and panel controls on a wide screen
      // and a dialog's title and close button on a phone (issue 34): the bottom holds neither.
      position="bottom-right"
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
