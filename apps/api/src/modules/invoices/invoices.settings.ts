import type { InvoiceSettingsDto, InvoiceSettingsInput } from '@substytut/shared';
import { DEFAULT_INVOICE_PATTERN } from '@substytut/shared';
import type { Db } from '../../db/client.ts';
import type { InvoiceSettingsRow } from '../../db/schema/invoices.ts';
import type { Clock } from '../app/clock.ts';
import type { Config } from '../app/config.ts';
import { secretsKey } from '../app/secrets-key.ts';
import { sealSecret } from '../app/token-crypto.ts';
import { profileMissing, secretsUnavailable, tokenRequired } from './invoices.errors.ts';
import { findInvoiceSettings, findProfileOfUser, upsertInvoiceSettings } from './invoices.repo.ts';

/**
 * The billing tab's invoicing choice. The KSeF token goes in sealed (AES-256-GCM under
 * SECRETS_KEY) and never comes out through any endpoint: the modules/ksef worker opens it to log
 * in to KSeF. Choosing "I issue them myself" deletes a kept token: nothing holds a secret it no
 * longer needs.
 */

export interface InvoiceSettingsDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'secretsKey' | 'isProduction' | 'dataDir' | 'ksef'>;
}

function toDto(row: InvoiceSettingsRow | null, config: InvoiceSettingsDeps['config']): InvoiceSettingsDto {
  return {
    mode: row?.mode ?? 'prepare',
    number_pattern: row?.numberPattern ?? DEFAULT_INVOICE_PATTERN,
    ksef_token_set: Boolean(row?.ksefTokenEncrypted),
    ksef_token_set_at: row?.ksefTokenSetAt?.toISOString() ?? null,
    ksef_environment: config.ksef.environment,
  };
}

async function profileIdOf(db: Db, userId: string): Promise<number> {
  const profile = await findProfileOfUser(db, userId);
  if (!profile) throw profileMissing();
  return profile.id;
}

export async function getInvoiceSettings(
  deps: InvoiceSettingsDeps,
  userId: string,
): Promise<InvoiceSettingsDto> {
  const profile = await findProfileOfUser(deps.db, userId);
  return toDto(profile ? await findInvoiceSettings(deps.db, profile.id) : null, deps.config);
}

export async function saveInvoiceSettings(
  deps: InvoiceSettingsDeps,
  userId: string,
  input: InvoiceSettingsInput,
): Promise<InvoiceSettingsDto> {
  const profileId = await profileIdOf(deps.db, userId);
  const now = deps.clock.now();
  let ksefTokenEncrypted: string | null | undefined;
  if (input.mode === 'prepare') {
    ksefTokenEncrypted = null;
  } else if (input.ksef_token) {
    const key = secretsKey(deps.config);
    if (!key) throw secretsUnavailable();
    ksefTokenEncrypted = sealSecret(input.ksef_token, key);
  } else {
    const current = await findInvoiceSettings(deps.db, profileId);
    if (!current?.ksefTokenEncrypted) throw tokenRequired();
  }
  const row = await upsertInvoiceSettings(deps.db, profileId, {
    mode: input.mode,
    numberPattern: input.number_pattern,
    ksefTokenEncrypted,
    now,
  });
  return toDto(row, deps.config);
}
