import { formatPln } from '@substytut/shared/money';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/lib/use-language';
import { grossOfTyped } from '../lib/format';

/** The gross with VAT of a net amount as it is typed, announced politely; empty until valid. */
export function GrossLine({ net }: { net: string | null }) {
  const { t } = useTranslation('board');
  const language = useLanguage();
  const gross = net === null ? null : grossOfTyped(net);
  return (
    <p aria-live="polite" className="min-h-5 text-sm">
      {gross !== null && (
        <>
          <span className="text-muted-foreground">{t('form.gross')}: </span>
          <strong className="tabular-nums">{formatPln(gross, language)}</strong>
        </>
      )}
    </p>
  );
}
