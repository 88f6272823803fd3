import { FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '@/lib/public-config';

/** Shown whenever the API runs any embedded sandbox adapter, so nobody mistakes it for production. */
export function SandboxMarker() {
  const { t } = useTranslation('common');
  const { sandbox } = usePublicConfig();
  if (!sandbox) return null;
  return (
    <div role="note" className="bg-warning text-warning-foreground">
      <p className="mx-auto flex max-w-(--container-page) items-center justify-center gap-2 px-4 py-1.5 text-center text-xs font-medium sm:px-6">
        <FlaskConical aria-hidden="true" className="size-3.5 shrink-0" />
        <strong className="font-bold tracking-wide uppercase">{t('sandbox.badge')}</strong>
        <span>{t('sandbox.description')}</span>
      </p>
    </div>
  );
}
