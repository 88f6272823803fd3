import type { JobDto, ReferenceDto } from '@substytut/shared';
import { ReferencesCarousel } from '@/components/profile/references-carousel';
import { jobLine } from '@/lib/profile-labels';
import { useLanguage } from '@/lib/use-language';

/**
 * A profile's description, its jobs ('position - employer (start - end)') and its references, as
 * the public page and the dashboard's profile view show them. The texts come from the caller,
 * whose page words a current job its own way.
 */
export function ProfileStory({
  profile: { description, jobs, references },
  headingLevel: Heading,
  labels,
}: {
  profile: { description: string; jobs: readonly JobDto[]; references: readonly ReferenceDto[] };
  /** The headings' level in the page's outline. */
  headingLevel: 'h2' | 'h3';
  labels: { description: string; experience: string; stillWorking: string };
}) {
  const language = useLanguage();
  return (
    <>
      {description && (
        <section className="flex flex-col gap-2">
          <Heading className="text-lg font-semibold">{labels.description}</Heading>
          <p className="text-pretty whitespace-pre-line text-muted-foreground">{description}</p>
        </section>
      )}
      {jobs.length > 0 && (
        <section className="flex flex-col gap-2">
          <Heading className="text-lg font-semibold">{labels.experience}</Heading>
          <ul className="flex flex-col gap-1.5">
            {jobs.map((job, i) => (
              <li key={i} className="flex gap-2 text-muted-foreground">
                <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-accent" />
                <span>{jobLine(job, language, labels.stillWorking)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {references.length > 0 && <ReferencesCarousel references={references} headingLevel={Heading} />}
    </>
  );
}
