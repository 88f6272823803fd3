import { MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '@/components/seo/page-meta';
import { LinkButton } from '@/components/ui/link-button';
import { paths, useLocalizedHref } from '@/config/paths';
import { AuthCard } from '../components/auth-card';

export function Component() {
  const { t } = useTranslation('auth');
  const href = useLocalizedHref();
  return (
    <>
      <PageMeta
        title={t('meta.registerSuccessTitle')}
        description={t('meta.registerSuccessDescription')}
        noindex
      />
      <AuthCard
        icon={MailCheck}
        tone="success"
        title={t('registerSuccess.title')}
        description={t('registerSuccess.description')}
      >
        <LinkButton to={href(paths.auth.root.getHref())} size="lg" className="w-full">
          {t('registerSuccess.back')}
        </LinkButton>
      </AuthCard>
    </>
  );
}

export default Component;

/** The translation namespaces the page needs before it renders (decision 016). */
export const handle = { i18n: ['auth', 'errors'] };
