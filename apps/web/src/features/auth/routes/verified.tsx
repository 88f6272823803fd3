import { CircleCheck, Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageMeta } from '@/components/seo/page-meta';
import { Card } from '@/components/ui/card';
import { LinkButton } from '@/components/ui/link-button';
import { Loading } from '@/components/ui/spinner';
import { paths, useLocalizedHref } from '@/config/paths';
import { useVerifyEmail } from '../api/verify-email';
import { AuthCard } from '../components/auth-card';

/** /auth/verified/{id}/{token}: verifies on load; success stores the returned token (spec 4). */
export function Component() {
  const { t } = useTranslation('auth');
  const href = useLocalizedHref();
  const { id = '', token = '' } = useParams();
  const verification = useVerifyEmail(id, token);
  const dashboard = href(paths.dashboard.root.getHref());

  let body;
  if (verification.isPending) {
    body = (
      <section className="flex flex-1 items-center justify-center px-4 py-16">
        <Card className="w-full max-w-md p-8">
          <Loading label={t('verified.loading')} />
        </Card>
      </section>
    );
  } else if (verification.isSuccess) {
    body = (
      <AuthCard
        icon={CircleCheck}
        tone="success"
        title={t('verified.successTitle')}
        description={t('verified.successDescription')}
      >
        <LinkButton to={dashboard} size="lg" className="w-full">
          {t('verified.successAction')}
        </LinkButton>
      </AuthCard>
    );
  } else {
    // Without a token the dashboard guard forwards to /auth/login, hence the label.
    body = (
      <AuthCard
        icon={Clock}
        tone="error"
        title={t('verified.failureTitle')}
        description={t('verified.failureDescription')}
      >
        <LinkButton to={dashboard} size="lg" className="w-full">
          {t('verified.failureAction')}
        </LinkButton>
      </AuthCard>
    );
  }

  return (
    <>
      <PageMeta title={t('meta.verifiedTitle')} noindex />
      {/* Persistent live region: the result replaces the loading card and is read out. */}
      <div aria-live="polite" className="flex flex-1 flex-col">
        {body}
      </div>
    </>
  );
}

export default Component;

/** The translation namespaces the page needs before it renders (decision 016). */
export const handle = { i18n: ['auth', 'errors'] };
