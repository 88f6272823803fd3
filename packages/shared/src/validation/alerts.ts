import { z } from 'zod';
import { ALERT_CHANNELS, BOARD_CASE_TYPES } from '../contract/board.ts';
import { courtCities, isAreaCourtId } from '../court-areas.ts';
import { isCourtId } from '../reference-data/courts.ts';
import { hourMinuteField, textField } from './fields.ts';
import { netPriceField } from './offer.ts';

/** How many courts, areas and cities one substitute may cover (a whole country is 11 areas). */
export const ALERT_LIST_MAX = 400;

const hourMinute = hourMinuteField('validation.alertQuietHours');
const idList = (id: z.ZodType<string>) =>
  z
    .array(id)
    .max(ALERT_LIST_MAX, 'validation.tooLong')
    .transform((list) => [...new Set(list)]);
const courtIdList = idList(textField('validation.courtUnknown').refine(isCourtId, 'validation.courtUnknown'));
/** An area is named by its regional or appellate court (decision 040). */
const areaIdList = idList(
  textField('validation.alertAreaInvalid').refine(isAreaCourtId, 'validation.alertAreaInvalid'),
);
let cities: ReadonlySet<string> | undefined;
const isCourtCity = (city: string) => (cities ??= new Set(courtCities())).has(city);

/** PUT /api/user/alerts: what a substitute covers and how they are told (issue 32). */
export const alertSettingsInputSchema = z.object({
  court_ids: courtIdList,
  area_court_ids: areaIdList,
  /** cities of the court list, as it names them ('Warszawa') */
  cities: idList(
    textField('validation.invalid')
      .min(1, 'validation.fillField')
      .max(100, 'validation.tooLong')
      .refine(isCourtCity, 'validation.alertCityUnknown'),
  ),
  case_types: z
    .array(z.enum(BOARD_CASE_TYPES, { error: 'validation.optionInvalid' }))
    .transform((list) => [...new Set(list)]),
  min_fee_net: netPriceField.nullable(),
  channels: z.object(
    Object.fromEntries(ALERT_CHANNELS.map((c) => [c, z.boolean({ error: 'validation.invalid' })])) as Record<
      (typeof ALERT_CHANNELS)[number],
      z.ZodBoolean
    >,
  ),
  quiet_hours: z.object({ from: hourMinute, to: hourMinute }).nullable(),
});
export type AlertSettingsInput = z.input<typeof alertSettingsInputSchema>;
