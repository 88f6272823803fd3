import type { Db } from '../../db/client.ts';
import type { Config } from '../app/config.ts';
import { createAdvocatesRegister } from './advocates-register.ts';
import type { LicenceRegisterPort } from './licence.port.ts';
import { createSampleLicenceRegister } from './sample-register.ts';

/** LICENCE_REGISTER: the embedded sample register (default) or rejestradwokatow.pl. */
export function createLicenceRegister(config: Config, db: Db): LicenceRegisterPort {
  const { kind, url, timeoutMs, pageDelayMs } = config.licenceRegister;
  return kind === 'advocates'
    ? createAdvocatesRegister({ db, baseUrl: url, timeoutMs, pageDelayMs })
    : createSampleLicenceRegister();
}
