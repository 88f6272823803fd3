import { useQueryClient } from '@tanstack/react-query';
import {
  DESCRIPTION_MAX_LENGTH,
  PROFESSIONAL_TYPES,
  SPECIALIZATIONS,
  institutionsForProfessionalType,
  isTrainee,
  storageUrl,
  type ProfessionalTypeId,
  type ProfileDto,
  type ProfilePayload,
} from '@substytut/shared';
import { BadgeCheck, Save } from 'lucide-react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  FormProvider,
  useController,
  useForm,
  useFormContext,
  useWatch,
  type FieldPath,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { profileQueryOptions } from '../api/get-profile';
import { saveProfile, type UploadStep } from '../api/save-profile';
import {
  formPath,
  keptBlocks,
  profileResolver,
  toFormValues,
  type ProfileFormValues,
} from '../lib/profile-form-values';
import { useErrorText, useLanguage } from '@/lib/use-error-text';
import { MultiSelect, SingleCombobox } from '@/components/ui/combobox';
import { JobBlocks, ReferenceBlocks } from './experience-blocks';
import { AvatarField, CvField } from './file-fields';
import { NativeSelect, TextField, ValidMark, isShownValid } from './form-controls';
import { LeaveGuard, UnsavedChangesDialog } from './leave-guard';
import { PaymentAccountButton } from './payment-account-button';
import { TrainingStartField } from './training-start-field';

/** Spec 9: the first field is focused and the page scrolled to the top after 0.8 s. */
export const FIRST_FIELD_DELAY_MS = 800;

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold tracking-tight">{title}</h2>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="flex flex-col gap-5">{children}</CardContent>
    </Card>
  );
}

function PermissionsSelect() {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  const errorText = useErrorText();
  const { control, getValues, setValue } = useFormContext<ProfileFormValues>();
  const { field, fieldState } = useController({ name: 'permissions', control });
  return (
    <FormField label={t('form.permissions')} required error={errorText(fieldState.error)}>
      <NativeSelect
        ref={field.ref}
        name={field.name}
        value={field.value}
        onBlur={field.onBlur}
        valid={isShownValid(field.value, fieldState)}
        onChange={(event) => {
          const next = event.target.value;
          field.onChange(next);
          // An institution of the other kind of chamber no longer fits.
          const allowed = next ? institutionsForProfessionalType(next as ProfessionalTypeId) : [];
          if (!allowed.some((institution) => institution.id === getValues('institution'))) {
            setValue('institution', '', { shouldDirty: true });
          }
        }}
      >
        <option value="">{t('form.permissionsPlaceholder')}</option>
        {PROFESSIONAL_TYPES.map((type) => (
          <option key={type.id} value={type.id}>
            {type[language]}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}

function SpecializationField() {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  const errorText = useErrorText();
  const { control } = useFormContext<ProfileFormValues>();
  const { field, fieldState } = useController({ name: 'specialization', control });
  const options = useMemo(
    () => SPECIALIZATIONS.map((s) => ({ value: s.id, label: s[language] })),
    [language],
  );
  // The list's own message, or the first message of a bad entry ('specialization.0').
  const raw = fieldState.error as unknown;
  const error = Array.isArray(raw)
    ? (raw as ({ message?: string } | undefined)[]).find((entry) => entry?.message)
    : fieldState.error;
  return (
    <FormField label={t('form.specialization')} required error={errorText(error)}>
      <MultiSelect
        triggerRef={field.ref}
        options={options}
        value={field.value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        placeholder={t('form.specializationPlaceholder')}
        trailing={<ValidMark show={isShownValid(field.value, fieldState)} />}
      />
    </FormField>
  );
}

function InstitutionField() {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  const errorText = useErrorText();
  const { control } = useFormContext<ProfileFormValues>();
  const permissions = useWatch({ control, name: 'permissions' });
  const { field, fieldState } = useController({ name: 'institution', control });
  const options = useMemo(
    () =>
      permissions
        ? institutionsForProfessionalType(permissions as ProfessionalTypeId).map((i) => ({
            value: i.id,
            label: i[language],
          }))
        : [],
    [permissions, language],
  );
  return (
    <FormField
      label={t('form.institution')}
      required
      error={errorText(fieldState.error)}
      hint={permissions ? undefined : t('form.institutionHint')}
    >
      <SingleCombobox
        triggerRef={field.ref}
        options={options}
        value={field.value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        disabled={!permissions}
        placeholder={t('form.institutionPlaceholder')}
        trailing={<ValidMark show={isShownValid(field.value, fieldState)} />}
      />
    </FormField>
  );
}

function PaymentAccountRow({ profile }: { profile: ProfileDto }) {
  const { t } = useTranslation('dashboard');
  const active = profile.status === 'active';
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-border bg-muted/40 p-4 sm:flex-row sm:items-center">
      <div className="flex flex-1 flex-col gap-1">
        <span className="text-sm font-medium">{t('payment.title')}</span>
        <span className="flex items-center gap-1.5 text-sm text-muted-foreground">
          {active && <BadgeCheck aria-hidden="true" className="size-4 text-success" />}
          {active ? t('payment.active') : profile.stripeAccountId ? t('payment.pending') : t('payment.none')}
        </span>
      </div>
      <PaymentAccountButton kind={active ? 'dashboard' : 'connect'} variant="outline" size="sm" />
    </div>
  );
}

/** Names of the prefilled fields, validated on load so their green checks are earned. */
function filledFieldNames(values: ProfileFormValues): FieldPath<ProfileFormValues>[] {
  const names: FieldPath<ProfileFormValues>[] = [];
  const filled = (v: unknown) => (Array.isArray(v) ? v.length > 0 : typeof v === 'string' && v.trim() !== '');
  for (const key of Object.keys(values) as (keyof ProfileFormValues)[]) {
    if (key !== 'jobs' && key !== 'references' && filled(values[key])) names.push(key);
  }
  values.jobs.forEach((job, i) => {
    for (const key of Object.keys(job) as (keyof typeof job)[]) {
      if (key !== 'stillWorking' && filled(job[key])) names.push(`jobs.${i}.${key}`);
    }
  });
  values.references.forEach((reference, i) => {
    for (const key of Object.keys(reference) as (keyof typeof reference)[]) {
      if (filled(reference[key])) names.push(`references.${i}.${key}`);
    }
  });
  return names;
}

interface ProfileFormProps {
  profile: ProfileDto;
  /** Called once the sequence ended with the profile read back. */
  onSaved: () => void;
  /** Back to the view without saving (offered when the view was the starting point). */
  onCancel?: () => void;
  /** The profession as chosen in the form, saved or not (the licence panel follows it). */
  onPermissionsChange?: (permissions: string) => void;
}

export function ProfileForm({ profile, onSaved, onCancel, onPermissionsChange }: ProfileFormProps) {
  const { t } = useTranslation('dashboard');
  const queryClient = useQueryClient();
  const form = useForm<ProfileFormValues, unknown, ProfilePayload>({
    defaultValues: toFormValues(profile),
    resolver: profileResolver,
    mode: 'onTouched',
  });
  const [avatar, setAvatar] = useState<File | null>(null);
  const [cv, setCv] = useState<File | null>(null);
  const [progress, setProgress] = useState<Record<UploadStep, number | null>>({ avatar: null, cv: null });
  const [saving, setSaving] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const dirty = form.formState.isDirty || avatar !== null || cv !== null;
  const permissions = useWatch({ control: form.control, name: 'permissions' });
  useEffect(() => onPermissionsChange?.(permissions ?? ''), [permissions, onPermissionsChange]);

  useEffect(() => {
    void form.trigger(filledFieldNames(form.getValues()));
    const timer = window.setTimeout(() => {
      // Someone already typing or choosing within that time keeps their place.
      const active = document.activeElement;
      if (!active?.closest('form, [role="dialog"], [data-radix-popper-content-wrapper]'))
        form.setFocus('firstname');
      window.scrollTo({ top: 0 });
    }, FIRST_FIELD_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [form]);

  const onSubmit = form.handleSubmit(async (payload) => {
    const { indexes } = keptBlocks(form.getValues());
    setSaving(true);
    try {
      await saveProfile(
        { avatar, cv, payload },
        {
          reload: () => queryClient.fetchQuery({ ...profileQueryOptions(), staleTime: 0 }),
          onProgress: (step, fraction) => setProgress((current) => ({ ...current, [step]: fraction })),
          onStepDone: (step) => {
            if (step === 'avatar') {
              // A later failure must not upload the same photo twice on the next try.
              setAvatar(null);
              setProgress((current) => ({ ...current, avatar: null }));
              toast.success(t('toasts.photoUploaded'));
            } else if (step === 'cv') {
              setCv(null);
              setProgress((current) => ({ ...current, cv: null }));
              toast.success(t('toasts.cvUploaded'));
            } else if (step === 'profile') {
              form.reset(form.getValues());
              toast.success(t('toasts.saved'));
            }
          },
        },
      );
      onSaved();
    } catch (error) {
      setProgress({ avatar: null, cv: null });
      toast.error(t('toasts.error'));
      if (isApiError(error)) {
        const entries = Object.entries(error.fieldErrors).filter(([path]) => path !== '');
        entries.forEach(([path, key], i) => {
          form.setError(
            formPath(path, indexes) as FieldPath<ProfileFormValues>,
            { type: 'server', message: key },
            { shouldFocus: i === 0 },
          );
        });
      }
    } finally {
      setSaving(false);
    }
  });

  return (
    <FormProvider {...form}>
      <LeaveGuard when={dirty && !saving} />
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-6">
        <Section title={t('form.basicTitle')} description={t('form.basicDescription')}>
          <AvatarField
            file={avatar}
            onFile={setAvatar}
            currentUrl={profile.imageUrl ? storageUrl(profile.imageUrl) : null}
            progress={progress.avatar}
            disabled={saving}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField<ProfileFormValues>
              name="firstname"
              label={t('form.firstname')}
              required
              inputProps={{ autoComplete: 'given-name' }}
            />
            <TextField<ProfileFormValues>
              name="lastname"
              label={t('form.lastname')}
              required
              inputProps={{ autoComplete: 'family-name' }}
            />
            <TextField<ProfileFormValues>
              name="email"
              label={t('form.email')}
              disabled
              hint={t('form.emailHint')}
              inputProps={{ type: 'email', readOnly: true }}
            />
            <TextField<ProfileFormValues>
              name="phone"
              label={t('form.phone')}
              inputProps={{ type: 'tel', autoComplete: 'tel', placeholder: '+48 123 456 789' }}
            />
          </div>
          <PaymentAccountRow profile={profile} />
        </Section>

        <Section title={t('form.jobProfileTitle')} description={t('form.jobProfileDescription')}>
          <div className="grid gap-5 sm:grid-cols-2">
            <PermissionsSelect />
            <TextField<ProfileFormValues> name="licenseNo" label={t('form.licenseNo')} required />
          </div>
          {/* Issue 32: only a trainee's training start counts (the board's trainee rule). */}
          {isTrainee(permissions as ProfessionalTypeId) && <TrainingStartField />}
          <SpecializationField />
          <InstitutionField />
          <CvField
            file={cv}
            onFile={setCv}
            currentUrl={profile.cvUrl ? storageUrl(profile.cvUrl) : null}
            progress={progress.cv}
            disabled={saving}
          />
          <TextField<ProfileFormValues>
            name="linkedinUrl"
            label={t('form.linkedinUrl')}
            inputProps={{
              inputMode: 'url',
              autoComplete: 'url',
              placeholder: 'https://www.linkedin.com/in/…',
            }}
          />
          <TextField<ProfileFormValues>
            name="description"
            label={t('form.description')}
            required
            multiline
            rows={4}
            maxLength={DESCRIPTION_MAX_LENGTH}
            hint={t('form.descriptionHint')}
            counter={(count, max) => t('form.counter', { count, max })}
          />
        </Section>

        <Section title={t('form.experienceTitle')} description={t('form.experienceDescription')}>
          <JobBlocks />
        </Section>

        <Section title={t('form.referencesTitle')} description={t('form.referencesDescription')}>
          <ReferenceBlocks />
        </Section>

        <div className="sticky bottom-0 z-10 -mx-4 flex flex-col-reverse gap-3 border-t border-border bg-background/95 px-4 py-3 backdrop-blur sm:flex-row sm:justify-end md:mx-0 md:rounded-xl md:border">
          {onCancel && (
            <Button
              variant="outline"
              disabled={saving}
              onClick={() => (dirty ? setConfirmCancel(true) : onCancel())}
            >
              {t('form.cancel')}
            </Button>
          )}
          <Button type="submit" loading={saving}>
            {!saving && <Save aria-hidden="true" />}
            {saving ? t('form.saving') : t('form.save')}
          </Button>
        </div>
      </form>

      {onCancel && (
        <UnsavedChangesDialog
          open={confirmCancel}
          onOpenChange={setConfirmCancel}
          confirmLabel={t('leave.discard')}
          onConfirm={onCancel}
        />
      )}
    </FormProvider>
  );
}
