import {
  defaultAlertSettings,
  groszeToDecimalStringOrNull,
  type AlertCoverage,
  type AlertSettings,
  type QuietHours,
} from '@substytut/shared';
import type { z } from 'zod';
import { eq } from 'drizzle-orm';
import type { alertSettingsInputSchema } from '@substytut/shared';
import type { DbOrTx } from '../../db/client.ts';
import { alertSettings, type AlertSettingsRow } from '../../db/schema.ts';

export type AlertSettingsData = z.output<typeof alertSettingsInputSchema>;

export function settingsDto(row: AlertSettingsRow | undefined): AlertSettings {
  if (!row) return defaultAlertSettings();
  return {
    court_ids: row.courtIds,
    area_court_ids: row.areaCourtIds,
    cities: row.cities,
    case_types: row.caseTypes,
    min_fee_net: groszeToDecimalStringOrNull(row.minFeeNetGrosze),
    channels: { email: row.email, push: row.push, digest: row.digest },
    quiet_hours: row.quietFrom && row.quietTo ? { from: row.quietFrom, to: row.quietTo } : null,
  };
}

export function coverageOf(row: AlertSettingsRow): AlertCoverage {
  return {
    courtIds: row.courtIds,
    areaCourtIds: row.areaCourtIds,
    cities: row.cities,
    caseTypes: row.caseTypes,
    minFeeNetGrosze: row.minFeeNetGrosze,
  };
}

export function quietHoursOf(row: Pick<AlertSettingsRow, 'quietFrom' | 'quietTo'>): QuietHours | null {
  return row.quietFrom && row.quietTo ? { from: row.quietFrom, to: row.quietTo } : null;
}

export async function readAlertSettings(db: DbOrTx, userId: string): Promise<AlertSettings> {
  const [row] = await db.select().from(alertSettings).where(eq(alertSettings.userId, userId));
  return settingsDto(row);
}

/** Saves the whole settings (PUT): one row per account, replaced. */
export async function saveAlertSettings(
  db: DbOrTx,
  userId: string,
  data: AlertSettingsData,
  now: Date,
): Promise<AlertSettings> {
  const values = {
    courtIds: data.court_ids,
    areaCourtIds: data.area_court_ids,
    cities: data.cities,
    caseTypes: data.case_types,
    minFeeNetGrosze: data.min_fee_net,
    email: data.channels.email,
    push: data.channels.push,
    digest: data.channels.digest,
    quietFrom: data.quiet_hours?.from ?? null,
    quietTo: data.quiet_hours?.to ?? null,
    updatedAt: now,
  };
  const [row] = await db
    .insert(alertSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: alertSettings.userId, set: values })
    .returning();
  return settingsDto(row);
}
