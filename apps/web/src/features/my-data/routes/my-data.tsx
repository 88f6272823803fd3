import { zodResolver } from '@hookform/resolvers/zod';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { PageMeta } from '@/components/seo/page-meta';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { paths, useLocalizedHref } from '@/config/paths';
import { useLanguage } from '@/lib/use-language';
import { sendDataRequest } from '../api/data-requests';

const schema = z.object({
  email: z.email('emailInvalid'),
  kind: z.enum(['export', 'delete']),
});
type Values = z.infer<typeof schema>;

/**
 * /my-data: a client who paid without an account asks for a copy or the deletion of their data.
 * Every mail links here; the request is confirmed through a link mailed to the address.
 */
export function Component() {
  const { t } = useTranslation('my-data');
  const language = useLanguage();
  const href = useLocalizedHref();
  const [sent, setSent] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { email: '', kind: 'export' } });

  const onSubmit = handleSubmit(async (values) => {
    setFailed(false);
    try {
      const answer = await sendDataRequest({ ...values, locale: language });
      setSent(answer.message);
    } catch (error) {
      console.error('data request failed', error);
      setFailed(true);
    }
  });

  return (
    <>
      <PageMeta title={t('request.title')} description={t('request.description')} />
      <section className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 py-12 sm:py-16">
        <header className="flex flex-col gap-2">
          <h1 className="text-3xl font-bold tracking-tight text-balance">{t('request.title')}</h1>
          <p className="text-muted-foreground">{t('request.description')}</p>
        </header>
        <Card>
          <CardContent padding="all">
            {sent ? (
              <p role="status" className="flex items-start gap-2">
                <Mail aria-hidden="true" className="mt-1 size-4 shrink-0" />
                {sent}
              </p>
            ) : (
              <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
                <FormField
                  label={t('request.email')}
                  error={errors.email ? t('request.emailInvalid') : undefined}
                  required
                >
                  <Input
                    type="email"
                    autoComplete="email"
                    inputMode="email"
                    aria-required
                    {...register('email')}
                  />
                </FormField>
                <fieldset className="flex flex-col gap-2">
                  <legend className="mb-1 text-sm font-medium">{t('request.kind')}</legend>
                  <label className="flex items-start gap-2 text-sm">
                    <input type="radio" value="export" className="mt-0.5 size-4" {...register('kind')} />
                    {t('request.export')}
                  </label>
                  <label className="flex items-start gap-2 text-sm">
                    <input type="radio" value="delete" className="mt-0.5 size-4" {...register('kind')} />
                    {t('request.delete')}
                  </label>
                </fieldset>
                <div role="alert" className="empty:hidden">
                  {failed && <p className="text-sm font-medium text-destructive">{t('request.failed')}</p>}
                </div>
                <Button type="submit" className="self-start" loading={isSubmitting}>
                  {t('request.submit')}
                </Button>
              </form>
            )}
          </CardContent>
        </Card>
        <p className="text-sm text-muted-foreground">
          {t('request.lawyer')}{' '}
          <Link className="underline underline-offset-4" to={href(paths.dashboard.data.getHref())}>
            {t('request.lawyerLink')}
          </Link>{' '}
          ·{' '}
          <Link className="underline underline-offset-4" to={href(paths.privacyData.getHref())}>
            {t('request.policy')}
          </Link>
        </p>
      </section>
    </>
  );
}

export default Component;

export const handle = { i18n: ['my-data', 'errors'] };
