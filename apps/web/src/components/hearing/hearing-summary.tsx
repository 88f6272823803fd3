import type { HearingDto } from '@substytut/shared';
import { formatHearingTime } from '@substytut/shared/hearing-time';
import { HearingSummaryView } from '@/components/hearing/hearing-summary-view';
import { useLanguage } from '@/lib/use-language';

/** The hearing's summary (`HearingSummaryView`), its day and hour worded here in Warsaw time. */
export function HearingSummary({ hearing, className }: { hearing: HearingDto | null; className?: string }) {
  const language = useLanguage();
  return (
    <HearingSummaryView
      hearing={hearing}
      when={hearing?.starts_at ? formatHearingTime(hearing.starts_at, language) : ''}
      className={className}
    />
  );
}
