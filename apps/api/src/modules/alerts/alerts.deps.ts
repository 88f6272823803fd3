import type { MailContext } from '../mail/index.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../app/clock.ts';
import type { LiveBus } from './live.ts';
import type { PushTransport } from './push.ts';

export interface AlertsLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** What the alerts need (issue 32): the kernel's database and clock, the mail context, the push port and the live bus. */
export interface AlertsDeps {
  db: Db;
  clock: Clock;
  mail: MailContext;
  push: PushTransport;
  live: LiveBus;
  log: AlertsLog;
}
