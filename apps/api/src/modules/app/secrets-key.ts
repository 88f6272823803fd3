import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config.ts';

/**
 * The key that seals stored secrets: SECRETS_KEY, or outside production a random key kept in
 * DATA_DIR/secrets.key (made on first use, mode 0600) so `npm start` needs no setup. Production
 * without SECRETS_KEY gets null: a secret cannot be stored there (every instance needs one key, and
 * losing a file on one disk would lose the tokens).
 */
export function secretsKey(config: Pick<Config, 'secretsKey' | 'isProduction' | 'dataDir'>): Buffer | null {
  if (config.secretsKey) return config.secretsKey;
  if (config.isProduction) return null;
  const file = path.join(config.dataDir, 'secrets.key');
  try {
    const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
    if (key.length === 32) return key;
  } catch {
    // no key file yet
  }
  mkdirSync(config.dataDir, { recursive: true });
  const key = randomBytes(32);
  // 'wx' so two processes starting together never overwrite each other's key; the loser reads it.
  try {
    writeFileSync(file, key.toString('hex'), { mode: 0o600, flag: 'wx' });
    return key;
  } catch {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  }
}
