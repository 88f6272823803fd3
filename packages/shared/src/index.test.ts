import { describe, expect, it } from 'vitest';
import * as shared from './index.ts';

describe('package entry', () => {
  it('re-exports every module', () => {
    for (const name of [
      'grossFromNet',
      'canTransition',
      'isValidNip',
      'isValidPostcode',
      'formatPhoneDisplay',
      'isValidPolishIban',
      'nextFreeSeolink',
      'tomorrowInWarsaw',
      'INSTITUTIONS',
      'SPECIALIZATIONS',
      'profileSchema',
      'offerCreateSchemaAt',
      'validationMessages',
      'offerDtoSchema',
    ])
      expect(shared).toHaveProperty(name);
  });
});
