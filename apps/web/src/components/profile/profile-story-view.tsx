import type { ReferenceDto } from '@substytut/shared';
import { ReferencesCarousel } from '@/components/profile/references-carousel';

/**
 * A profile's description, its jobs (each line already worded: 'position - employer (start - end)')
 * and its references. `ProfileStory` words the jobs itself; the public page gets them worded by
 * its loader (decision 071), so its first load needs no month names or dates library.
 */
export function ProfileStoryView({
  description,
  jobLines,
  references,
  headingLevel: Heading,
  labels,
}: {
  description: string;
  jobLines: readonly string[];
  references: readonly ReferenceDto[];
  /** The headings' level in the page's outline. */
  headingLevel: 'h2' | 'h3';
  labels: { description: string; experience: string };
}) {
  return (
    <>
      {description && (
        <section className="flex flex-col gap-2">
          <Heading className="text-lg font-semibold">{labels.description}</Heading>
          <p className="text-pretty whitespace-pre-line text-muted-foreground">{description}</p>
        </section>
      )}
      {jobLines.length > 0 && (
        <section className="flex flex-col gap-2">
          <Heading className="text-lg font-semibold">{labels.experience}</Heading>
          <ul className="flex flex-col gap-1.5">
            {jobLines.map((line, i) => (
              <li key={i} className="flex gap-2 text-muted-foreground">
                <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-accent" />
                <span>{line}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {references.length > 0 && <ReferencesCarousel references={references} headingLevel={Heading} />}
    </>
  );
}
