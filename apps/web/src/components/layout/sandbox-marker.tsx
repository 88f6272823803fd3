import { FlaskConical } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '@/lib/public-config';

/** Set on <html> by the server on every page it answers while a sandbox adapter is active. */
export const SANDBOX_ATTRIBUTE = 'data-sandbox';

/**
 * Shown whenever the API runs any embedded sandbox adapter, so nobody mistakes it for production.
 * It is in every page's markup, since a static page shows it before the app runs
 * (docs/decisions/010-hydrate-on-intent.md); the stylesheet shows it only on a page flagged with
 * SANDBOX_ATTRIBUTE, in room kept from the first paint. The public config flags a page the
 * server did not (the development server).
 */
export function SandboxMarker() {
  const { t } = useTranslation('common');
  const { sandbox } = usePublicConfig();
  useEffect(() => {
    if (sandbox) document.documentElement.setAttribute(SANDBOX_ATTRIBUTE, '');
  }, [sandbox]);
  // A labelled landmark around the note, hidden with it: all of a page's content sits in
  // landmarks (axe `region`).
  return (
    <aside aria-label={t('sandbox.label')} data-sandbox-marker="">
      <div
        role="note"
        className="absolute inset-x-0 top-0 flex h-(--sandbox-bar-height) items-center overflow-hidden bg-warning text-warning-foreground"
      >
        <p className="mx-auto flex max-w-(--container-page) items-center justify-center gap-2 px-4 py-1.5 text-center text-xs font-medium sm:px-6">
          <FlaskConical aria-hidden="true" className="size-3.5 shrink-0" />
          <strong className="font-bold tracking-wide uppercase">{t('sandbox.badge')}</strong>
          <span className="line-clamp-2">{t('sandbox.description')}</span>
        </p>
      </div>
    </aside>
  );
}
