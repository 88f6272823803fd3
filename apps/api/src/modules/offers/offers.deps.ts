import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../app/clock.ts';
import type { Config } from '../app/config.ts';
import type { MailContext } from '../mail/templates/index.ts';
import type { Payments } from '../payments/payments.service.ts';

/** What every step of the offer lifecycle needs; built once, in the composition root. */
export interface LifecycleDeps {
  db: Db;
  clock: Clock;
  payments: Payments;
  config: Pick<Config, 'publicUrl' | 'supportEmail' | 'platformFeePercent' | 'acceptanceWindowDays'>;
  log: FastifyBaseLogger;
}

export const mailContextOf = (deps: Pick<LifecycleDeps, 'config'>): MailContext => ({
  publicUrl: deps.config.publicUrl,
  supportEmail: deps.config.supportEmail,
});
