import type { PublicProfileDto } from '@substytut/shared';
import { useTranslation } from 'react-i18next';
import { jobText } from '@/components/profile/job-text';
import { ProfileStoryView } from '@/components/profile/profile-story-view';
import { Card } from '@/components/ui/card';
import type { ProfileView } from '../lib/profile-view';
import { BoardReferences } from './board-references';

/**
 * 'Opis', 'Doświadczenie' (month and year, 'obecnie' for a current job) and 'Referencje'; the
 * months come worded by the route's loader (`view`, decision 071).
 */
export function ProfileDetails({ profile, view }: { profile: PublicProfileDto; view: ProfileView }) {
  const { t } = useTranslation('public-profile');
  const stillWorking = t('profile.stillWorking');
  const jobLines = profile.jobs.map((job, i) => {
    const period = view.jobs[i];
    return jobText(job, period?.start ?? '', period?.end ?? stillWorking);
  });
  return (
    <Card className="flex flex-col gap-6 p-6">
      <ProfileStoryView
        description={profile.description}
        jobLines={jobLines}
        references={profile.references}
        headingLevel="h2"
        labels={{ description: t('profile.description'), experience: t('profile.experience') }}
      />
      {/* Issue 32: after the lawyer's own references. */}
      <BoardReferences references={profile.board_references} months={view.boardReferenceMonths} />
    </Card>
  );
}
