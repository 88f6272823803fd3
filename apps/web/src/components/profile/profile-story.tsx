import type { JobDto, ReferenceDto } from '@substytut/shared';
import { ProfileStoryView } from '@/components/profile/profile-story-view';
import { jobLine } from '@/lib/profile-labels';
import { useLanguage } from '@/lib/use-language';

/**
 * A profile's description, its jobs ('position - employer (start - end)') and its references, as
 * the dashboard's profile view shows them (the public page words its jobs on the server: decision
 * 071). The texts come from the caller, whose page words a current job its own way.
 */
export function ProfileStory({
  profile: { description, jobs, references },
  headingLevel,
  labels,
}: {
  profile: { description: string; jobs: readonly JobDto[]; references: readonly ReferenceDto[] };
  /** The headings' level in the page's outline. */
  headingLevel: 'h2' | 'h3';
  labels: { description: string; experience: string; stillWorking: string };
}) {
  const language = useLanguage();
  return (
    <ProfileStoryView
      description={description}
      jobLines={jobs.map((job) => jobLine(job, language, labels.stillWorking))}
      references={references}
      headingLevel={headingLevel}
      labels={labels}
    />
  );
}
