import { COURTS } from '@substytut/shared/reference-data/courts';
import type { ComboboxOption } from '@/components/ui/combobox';

/**
 * What a substitute can cover besides single courts (issue 32): an area is named by its regional
 * (SO: the court with its district courts) or appellate (SA: the whole appellate area) court's id,
 * and the server resolves the hierarchy; a city is a seat from the court list.
 */
export const AREA_OPTIONS: ComboboxOption[] = COURTS.filter((court) => court.kind !== 'SR').map((court) => ({
  value: court.id,
  label: court.name,
  keywords: [court.city],
}));

const collator = new Intl.Collator('pl');

export const CITY_OPTIONS: ComboboxOption[] = [...new Set(COURTS.map((court) => court.city))]
  .sort(collator.compare)
  .map((city) => ({ value: city, label: city }));

/** Quiet hours on a 24-hour clock, every half hour: '00:00' … '23:30'. */
export const HALF_HOURS: readonly string[] = Array.from({ length: 48 }, (_, i) => {
  const hour = String(Math.floor(i / 2)).padStart(2, '0');
  return `${hour}:${i % 2 === 0 ? '00' : '30'}`;
});
