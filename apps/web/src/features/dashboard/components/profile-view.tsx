import {
  formatMonthYear,
  formatPhoneDisplay,
  isTrainee,
  storageSrcSet,
  storageUrl,
  type ProfessionalTypeId,
  type ProfileDto,
} from '@substytut/shared';
import { BadgeCheck, CircleAlert, ExternalLink, FileText, Mail, Pencil, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/profile/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { paths, useLocalizedHref } from '@/config/paths';
import { LinkButton } from '@/components/ui/link-button';
import { institutionLabel, professionalTypeLabel, specializationLabel } from '@/lib/profile-labels';
import { useLanguage } from '@/lib/use-language';
import { PaymentAccountButton } from './payment-account-button';
import { ProfileStory } from '@/components/profile/profile-story';

export function ProfileView({ profile, onEdit }: { profile: ProfileDto; onEdit: () => void }) {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  const href = useLocalizedHref();
  const active = profile.status === 'active';
  const phone = profile.phone ? formatPhoneDisplay(profile.phone) : '';
  // Issue 32: the board counts a trainee's months from the training start.
  const trainee = isTrainee(profile.permissions as ProfessionalTypeId);
  const trainingStart = profile.training_start
    ? formatMonthYear(profile.training_start.slice(5, 7), profile.training_start.slice(0, 4), language)
    : null;

  return (
    <div className="flex flex-col gap-6">
      {!active && (
        <div
          role="status"
          className="flex flex-col gap-3 rounded-xl border border-warning-foreground/20 bg-warning p-4 text-warning-foreground sm:flex-row sm:items-center"
        >
          <CircleAlert aria-hidden="true" className="size-5 shrink-0" />
          <p className="flex-1 text-sm">
            {profile.stripeAccountId ? t('view.inactivePending') : t('view.inactive')}
          </p>
          <PaymentAccountButton kind="connect" size="sm" />
        </div>
      )}

      {trainee && !trainingStart && (
        <div
          role="status"
          className="flex flex-col gap-3 rounded-xl border border-warning-foreground/20 bg-warning p-4 text-warning-foreground sm:flex-row sm:items-center"
        >
          <CircleAlert aria-hidden="true" className="size-5 shrink-0" />
          <p className="flex-1 text-sm">{t('view.trainingStartPrompt')}</p>
          <Button size="sm" variant="outline" onClick={onEdit}>
            {t('view.trainingStartAdd')}
          </Button>
        </div>
      )}

      <Card>
        <CardContent padding="all" className="flex flex-col gap-6">
          <div className="flex flex-col items-center gap-5 text-center sm:flex-row sm:items-start sm:text-left">
            <Avatar
              src={profile.imageUrl ? storageUrl(profile.imageUrl) : null}
              srcSet={profile.imageUrl ? storageSrcSet(profile.imageUrl) : undefined}
              sizes="112px"
              alt={t('view.photoAlt', { name: profile.fullname })}
              className="size-28 shrink-0"
            />
            <div className="flex min-w-0 flex-1 flex-col gap-2">
              <div className="flex flex-wrap items-center justify-center gap-2 sm:justify-start">
                <h2 className="text-2xl font-bold tracking-tight">{profile.fullname}</h2>
                {active && (
                  <Badge variant="success">
                    <BadgeCheck aria-hidden="true" />
                    {t('view.active')}
                  </Badge>
                )}
              </div>
              {profile.permissions && (
                <p className="font-medium text-muted-foreground">
                  {professionalTypeLabel(profile.permissions, language)}
                </p>
              )}
              <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                <dt className="font-medium">{t('view.licenseNo')}</dt>
                <dd className="text-muted-foreground">{profile.licenseNo}</dd>
                <dt className="font-medium">{t('view.specialization')}</dt>
                <dd className="text-muted-foreground">
                  {profile.specialization.map((id) => specializationLabel(id, language)).join(', ')}
                </dd>
                <dt className="font-medium">{t('view.institution')}</dt>
                <dd className="text-muted-foreground">{institutionLabel(profile.institution, language)}</dd>
                {trainee && trainingStart && (
                  <>
                    <dt className="font-medium">{t('view.trainingStart')}</dt>
                    <dd className="text-muted-foreground">{trainingStart}</dd>
                  </>
                )}
              </dl>
              <ul className="mt-1 flex flex-wrap justify-center gap-x-5 gap-y-2 text-sm sm:justify-start">
                {phone && (
                  <li className="flex items-center gap-1.5">
                    <Phone aria-hidden="true" className="size-4 text-muted-foreground" />
                    <span className="sr-only">{t('view.phone')}: </span>
                    <span>{phone}</span>
                  </li>
                )}
                <li className="flex items-center gap-1.5">
                  <Mail aria-hidden="true" className="size-4 text-muted-foreground" />
                  <span className="sr-only">{t('view.email')}: </span>
                  <span className="break-all">{profile.email}</span>
                </li>
                {profile.linkedinUrl && (
                  <li>
                    <a
                      href={profile.linkedinUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="flex items-center gap-1.5 text-primary underline-offset-4 hover:underline"
                    >
                      <ExternalLink aria-hidden="true" className="size-4" />
                      LinkedIn
                    </a>
                  </li>
                )}
                {profile.cvUrl && (
                  <li>
                    <a
                      href={storageUrl(profile.cvUrl)}
                      target="_blank"
                      rel="noopener"
                      className="flex items-center gap-1.5 text-primary underline-offset-4 hover:underline"
                    >
                      <FileText aria-hidden="true" className="size-4" />
                      {t('view.cv')}
                    </a>
                  </li>
                )}
              </ul>
            </div>
          </div>

          <ProfileStory
            profile={profile}
            headingLevel="h3"
            labels={{
              description: t('view.description'),
              experience: t('view.experience'),
              stillWorking: t('view.stillWorking'),
            }}
          />
        </CardContent>
      </Card>

      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {active && <PaymentAccountButton kind="dashboard" variant="outline" />}
        {active && profile.seolink && (
          <LinkButton variant="outline" to={href(paths.publicProfile.getHref(profile.seolink))}>
            {t('view.publicPage')}
          </LinkButton>
        )}
        <Button onClick={onEdit}>
          <Pencil aria-hidden="true" />
          {t('view.edit')}
        </Button>
      </div>
    </div>
  );
}
