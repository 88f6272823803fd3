import type { PublicProfileDto } from '@substytut/shared';
import { useTranslation } from 'react-i18next';
import { ReferencesCarousel } from '@/components/profile/references-carousel';
import { Card } from '@/components/ui/card';
import { jobLine } from '@/lib/profile-labels';
import { useLanguage } from '@/lib/use-language';

/** 'Opis', 'Doświadczenie' (month and year, 'obecnie' for a current job) and 'Referencje'. */
export function ProfileDetails({ profile }: { profile: PublicProfileDto }) {
  const { t } = useTranslation('public-profile');
  const language = useLanguage();
  const stillWorking = t('profile.stillWorking');

  return (
    <Card className="flex flex-col gap-6 p-6">
      {profile.description && (
        <section className="flex flex-col gap-2">
          <h2 className="text-lg font-semibold">{t('profile.description')}</h2>
          <p className="text-pretty whitespace-pre-line text-muted-foreground">{profile.description}</p>
        </section>
      )}
      {profile.jobs.length > 0 && (
        <section className="flex flex-col gap-2">
          <h2 className="text-lg font-semibold">{t('profile.experience')}</h2>
          <ul className="flex flex-col gap-1.5">
            {profile.jobs.map((job, i) => (
              <li key={i} className="flex gap-2 text-muted-foreground">
                <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-accent" />
                <span>{jobLine(job, language, stillWorking)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {profile.references.length > 0 && (
        <ReferencesCarousel references={profile.references} headingLevel="h2" />
      )}
    </Card>
  );
}
