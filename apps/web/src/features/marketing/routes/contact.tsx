import { zodResolver } from '@hookform/resolvers/zod';
import {
  contactSchema,
  formatPhoneDisplay,
  TURNSTILE_LOCAL_TOKEN,
  type ContactInput,
  type ContactPayload,
} from '@substytut/shared';
import { Mail, MapPin, Phone, Send, type LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BotCheck } from '@/components/bot-check';
import { PageMeta } from '@/components/seo/page-meta';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { COMPANY } from '@/config/constants';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { usePublicConfig } from '@/lib/public-config';
import { toast } from '@/lib/toast';
import { useErrorText } from '@/lib/use-error-text';
import { useSendContactMessage } from '../api/send-contact-message';
import { PageHero } from '../components/page-hero';
import { toLanguage } from '../lib/format';

/** This page's texts, marketing-contact.json in each language's locales folder: a page loads only its own. */
const NAMESPACE = 'marketing-contact';

/** The office line shown on the contact page (the spec leaves the number open). */
export const CONTACT_PHONE = '+48500100200';
const FIELDS = ['name', 'email', 'subject', 'message'] as const;

function ContactCard({ Icon, title, children }: { Icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <li className="flex items-start gap-4 rounded-xl border border-border bg-card p-6 shadow-sm">
      <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-secondary text-secondary-foreground">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <div className="flex min-w-0 flex-col gap-1">
        <h2 className="font-semibold">{title}</h2>
        {children}
      </div>
    </li>
  );
}

function ContactForm() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const errorOf = useErrorText();
  const send = useSendContactMessage();
  const [params] = useSearchParams();
  const enterprise = params.get('topic') === 'enterprise';
  const { turnstileSiteKey } = usePublicConfig();
  // Without a site key the server expects the literal 'local'; with one, the widget's token.
  const [botToken, setBotToken] = useState('');
  const [botCheckKey, setBotCheckKey] = useState(0);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ContactInput, unknown, ContactPayload>({
    resolver: zodResolver(contactSchema),
    // ?topic=enterprise (the Enterprise plan's buttons, issue 34 §3) fills in the subject.
    defaultValues: {
      name: '',
      email: '',
      subject: enterprise ? t('contact.form.enterpriseSubject') : '',
      message: '',
    },
  });
  const errorText = (name: (typeof FIELDS)[number]) => errorOf(errors[name]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await send.mutateAsync({
        ...values,
        'cf-turnstile-response': turnstileSiteKey ? botToken : TURNSTILE_LOCAL_TOKEN,
        locale: toLanguage(i18n.language),
      });
      toast.success(t('contact.form.success'));
      reset();
    } catch (error) {
      // What was typed stays; server-side field errors are shown under their fields.
      if (isApiError(error)) {
        for (const field of FIELDS) {
          const key = error.fieldErrors[field];
          if (key) setError(field, { type: 'server', message: key });
        }
      }
      toast.error(errorMessage(error, t));
    }
    // A Turnstile token is single-use: a fresh widget gives the next message a new one.
    if (turnstileSiteKey) {
      setBotToken('');
      setBotCheckKey((k) => k + 1);
    }
  });

  return (
    <section
      aria-labelledby="contact-form-title"
      className="rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8"
    >
      <h2 id="contact-form-title" className="text-2xl font-bold tracking-tight">
        {t('contact.form.title')}
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">{t('contact.form.lead')}</p>
      <form
        noValidate
        onSubmit={onSubmit}
        aria-labelledby="contact-form-title"
        className="mt-6 grid gap-5 sm:grid-cols-2"
      >
        <FormField label={t('contact.form.name')} error={errorText('name')} required>
          <Input autoComplete="name" aria-required {...register('name')} />
        </FormField>
        <FormField label={t('contact.form.email')} error={errorText('email')} required>
          <Input type="email" inputMode="email" autoComplete="email" aria-required {...register('email')} />
        </FormField>
        <FormField
          label={t('contact.form.subject')}
          error={errorText('subject')}
          required
          className="sm:col-span-2"
        >
          <Input aria-required {...register('subject')} />
        </FormField>
        <FormField
          label={t('contact.form.message')}
          error={errorText('message')}
          required
          className="sm:col-span-2"
        >
          <Textarea rows={6} aria-required {...register('message')} />
        </FormField>
        {turnstileSiteKey && (
          <div className="sm:col-span-2">
            <BotCheck key={botCheckKey} siteKey={turnstileSiteKey} onToken={setBotToken} />
          </div>
        )}
        <div className="sm:col-span-2">
          <Button type="submit" size="lg" loading={send.isPending} className="w-full sm:w-auto">
            {!send.isPending && <Send aria-hidden="true" />}
            {send.isPending ? t('contact.form.sending') : t('contact.form.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}

export function Component() {
  const { t } = useTranslation(NAMESPACE);
  const { supportEmail } = usePublicConfig();

  return (
    <>
      <PageMeta title={t('contact.meta.title')} description={t('contact.meta.description')} />
      <PageHero
        eyebrow={t('contact.hero.eyebrow')}
        title={t('contact.hero.title')}
        lead={t('contact.hero.lead')}
      />
      <div className="mx-auto grid w-full max-w-(--container-page) gap-8 px-4 py-16 sm:px-6 lg:grid-cols-[1fr_1.6fr]">
        <ul aria-label={t('contact.cards.label')} className="flex flex-col gap-4">
          <ContactCard Icon={Mail} title={t('contact.cards.email')}>
            <a
              href={`mailto:${supportEmail}`}
              className="font-medium break-all text-primary underline-offset-4 hover:underline"
            >
              {supportEmail}
            </a>
          </ContactCard>
          <ContactCard Icon={Phone} title={t('contact.cards.phone')}>
            <a
              href={`tel:${CONTACT_PHONE}`}
              className="font-medium whitespace-nowrap text-primary underline-offset-4 hover:underline"
            >
              {formatPhoneDisplay(CONTACT_PHONE)}
            </a>
            <span className="text-sm text-muted-foreground">{t('contact.cards.phoneHours')}</span>
          </ContactCard>
          <ContactCard Icon={MapPin} title={t('contact.cards.address')}>
            <address className="text-muted-foreground not-italic">
              {COMPANY.name}
              <br />
              {COMPANY.street}
              <br />
              {COMPANY.postcode} {COMPANY.city}
            </address>
          </ContactCard>
        </ul>
        <ContactForm />
      </div>
    </>
  );
}

export default Component;

/** The translation namespaces the page needs before it renders (decision 016). */
export const handle = { i18n: [NAMESPACE, 'errors'] };
