import { GRANTOR_TYPES, PROFESSIONAL_TYPES } from '@substytut/shared';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useErrorText, useLanguage } from '@/lib/use-error-text';
import type { CheckoutFormInput } from '../lib/checkout-form';

interface GrantorFieldsProps {
  register: UseFormRegister<CheckoutFormInput>;
  errors: FieldErrors<CheckoutFormInput>['grantor'];
  /** Validates the entry number again if the client has typed one. */
  recheckLicence: () => void;
}

/** The lawyer granting the substitution: what the substitution document names as its grantor. */
export function GrantorFields({ register, errors, recheckLicence }: GrantorFieldsProps) {
  const { t } = useTranslation(['public-profile-form', 'public-profile'], { nsMode: 'fallback' });
  const errorText = useErrorText();
  const language = useLanguage();
  // The number's rule depends on the profession and is only checked once the other fields are
  // valid, so a change to any of them re-checks it: its message appears without touching it again.
  const withLicenceRecheck = { onChange: recheckLicence };
  return (
    <fieldset className="flex flex-col gap-4 rounded-md border border-border p-4">
      <legend className="px-1 text-sm font-semibold">{t('form.grantor.legend')}</legend>
      <FormField label={t('form.grantor.name')} error={errorText(errors?.name)} required>
        <Input autoComplete="name" aria-required {...register('grantor.name', withLicenceRecheck)} />
      </FormField>
      <FormField label={t('form.grantor.type')} error={errorText(errors?.professional_type)} required>
        <NativeSelect
          aria-required
          defaultValue=""
          {...register('grantor.professional_type', withLicenceRecheck)}
        >
          <option value="" disabled>
            {t('form.grantor.typePlaceholder')}
          </option>
          {GRANTOR_TYPES.map((id) => (
            <option key={id} value={id}>
              {PROFESSIONAL_TYPES.find((type) => type.id === id)?.[language]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label={t('form.grantor.licenseNo')} error={errorText(errors?.license_no)} required>
        <Input autoComplete="off" aria-required {...register('grantor.license_no')} />
      </FormField>
      <FormField label={t('form.grantor.officeAddress')} error={errorText(errors?.office_address)} required>
        <Input
          autoComplete="street-address"
          aria-required
          {...register('grantor.office_address', withLicenceRecheck)}
        />
      </FormField>
      <p className="text-sm text-muted-foreground">{t('form.grantor.partyHint')}</p>
    </fieldset>
  );
}
