import { BOARD_CASE_TYPES, type BoardCaseType } from '@substytut/shared/contract/board';
import { alertSettingsInputSchema, type AlertSettingsInput } from '@substytut/shared/validation/alerts';
import { z } from 'zod';
import type { AlertSettings } from '../api/alerts';

/** The alert settings as the form holds them: the fee as typed, quiet hours switched on or off. */
export interface AlertFormValues {
  court_ids: string[];
  area_court_ids: string[];
  cities: string[];
  case_types: BoardCaseType[];
  min_fee_net: string;
  channels: { email: boolean; push: boolean; digest: boolean };
  quiet_enabled: boolean;
  quiet_hours: { from: string; to: string };
}

/** Quiet hours offered when none are set: the night. */
export const DEFAULT_QUIET_HOURS = { from: '22:00', to: '07:00' } as const;

/** The form's values; the fee as a Polish reader writes it ('150,00') on a Polish page. */
export function formValuesOf(settings: AlertSettings, language: string): AlertFormValues {
  const fee = settings.min_fee_net ?? '';
  return {
    court_ids: settings.court_ids,
    area_court_ids: settings.area_court_ids,
    cities: settings.cities,
    case_types: settings.case_types,
    min_fee_net: language === 'en' ? fee : fee.replace('.', ','),
    channels: settings.channels,
    quiet_enabled: settings.quiet_hours !== null,
    quiet_hours: settings.quiet_hours ?? DEFAULT_QUIET_HOURS,
  };
}

/** PUT /api/user/alerts's body: an empty fee is no minimum, quiet hours off are null. */
export function alertBodyOf(values: AlertFormValues): AlertSettingsInput {
  const fee = values.min_fee_net.trim();
  return {
    court_ids: values.court_ids,
    area_court_ids: values.area_court_ids,
    cities: values.cities,
    case_types: values.case_types,
    min_fee_net: fee === '' ? null : fee,
    channels: values.channels,
    quiet_hours: values.quiet_enabled ? values.quiet_hours : null,
  };
}

/**
 * The API's own schema, reached through the body the form sends, so its field errors land on the
 * form's fields under the same paths (min_fee_net, quiet_hours.from, …).
 */
export const alertFormSchema = z
  .object({
    court_ids: z.array(z.string()),
    area_court_ids: z.array(z.string()),
    cities: z.array(z.string()),
    case_types: z.array(z.enum(BOARD_CASE_TYPES)),
    min_fee_net: z.string(),
    channels: z.object({ email: z.boolean(), push: z.boolean(), digest: z.boolean() }),
    quiet_enabled: z.boolean(),
    quiet_hours: z.object({ from: z.string(), to: z.string() }),
  })
  .transform(alertBodyOf)
  .pipe(alertSettingsInputSchema);
