import type { PublicProfileDto } from '@substytut/shared';
import { useTranslation } from 'react-i18next';
import { ProfileStory } from '@/components/profile/profile-story';
import { Card } from '@/components/ui/card';
import { BoardReferences } from './board-references';

/** 'Opis', 'Doświadczenie' (month and year, 'obecnie' for a current job) and 'Referencje'. */
export function ProfileDetails({ profile }: { profile: PublicProfileDto }) {
  const { t } = useTranslation('public-profile');
  return (
    <Card className="flex flex-col gap-6 p-6">
      <ProfileStory
        profile={profile}
        headingLevel="h2"
        labels={{
          description: t('profile.description'),
          experience: t('profile.experience'),
          stillWorking: t('profile.stillWorking'),
        }}
      />
      {/* Issue 32: after the lawyer's own references. */}
      <BoardReferences references={profile.board_references} />
    </Card>
  );
}
