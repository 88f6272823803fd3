import { useTranslation } from 'react-i18next';
import { ReferencesList } from '../components/references-list';

/** /dashboard/references: the references from jobs done through the board, and which are public. */
export function ReferencesPage() {
  const { t } = useTranslation('alerts');
  return (
    <>
      <p className="rounded-lg bg-muted/50 p-4 text-sm">{t('references.explain')}</p>
      <ReferencesList />
    </>
  );
}
