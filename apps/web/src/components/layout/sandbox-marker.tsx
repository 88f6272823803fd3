import { FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '@/lib/public-config';
import { cn } from '@/lib/cn';

/** Shown whenever the API runs any embedded sandbox adapter, so nobody mistakes it for production. */
export function SandboxMarker() {
  const { t } = useTranslation('common');
  const { sandbox } = usePublicConfig();
  if (!sandbox) return null;
  const roomKept = document.documentElement.hasAttribute('data-sandbox');
  return (
    <div
      role="note"
      className={cn(
        'bg-warning text-warning-foreground',
        roomKept && 'absolute inset-x-0 top-0 flex h-(--sandbox-bar-height) items-center overflow-hidden',
      )}
    >
      <p className="mx-auto flex max-w-(--container-page) items-center justify-center gap-2 px-4 py-1.5 text-center text-xs font-medium sm:px-6">
        <FlaskConical aria-hidden="true" className="size-3.5 shrink-0" />
        <strong className="font-bold tracking-wide uppercase">{t('sandbox.badge')}</strong>
        <span className="line-clamp-2">{t('sandbox.description')}</span>
      </p>
    </div>
  );
}
