import { Link2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Frame of the offer-link form (title, expiry, net price, live gross price, generate button),
 * which the offers feature fills in through `children`. On small screens the logout button lives
 * in this panel.
 */
export function OfferLinkPanel({ footer, children }: { footer?: ReactNode; children?: ReactNode }) {
  const { t } = useTranslation('dashboard');
  return (
    <section
      aria-labelledby="offer-link-panel-title"
      className="mx-2 flex flex-col gap-3 rounded-lg border border-border bg-background/60 p-3"
    >
      <h2 id="offer-link-panel-title" className="flex items-center gap-2 text-sm font-semibold">
        <Link2 aria-hidden="true" className="size-4 text-accent-text" />
        {t('offerPanel.title')}
      </h2>
      {children ?? <p className="text-xs text-muted-foreground">{t('offerPanel.pending')}</p>}
      {footer}
    </section>
  );
}
