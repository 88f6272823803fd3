import type { ProfilePayload } from '@substytut/shared';
import { updateProfile } from './update-profile';
import { uploadAvatar, uploadCv } from './upload-profile-files';

export type UploadStep = 'avatar' | 'cv';
export type SaveStep = UploadStep | 'profile' | 'reload';

export interface SaveProfileInput {
  avatar: File | null;
  cv: File | null;
  payload: ProfilePayload;
}

export interface SaveProfileHooks {
  /** Reads the saved profile back (the form then shows the view). */
  reload: () => Promise<unknown>;
  onProgress?: (step: UploadStep, fraction: number) => void;
  onStepDone?: (step: SaveStep) => void;
}

/** Spec 8 logs these texts for failed uploads (the lawyer sees the general error toast). */
const LOG_TEXT: Partial<Record<SaveStep, string>> = {
  avatar: 'Failed to upload avatar image',
  cv: 'Failed to upload CV file',
};

async function step(name: SaveStep, run: () => Promise<unknown>, hooks: SaveProfileHooks): Promise<void> {
  try {
    await run();
  } catch (error) {
    console.error(LOG_TEXT[name] ?? `Saving the profile failed at ${name}`, error);
    throw error;
  }
  hooks.onStepDone?.(name);
}

/**
 * Spec 4: upload the avatar if chosen, then the CV if chosen, then update the profile, then
 * reload it. The first failure stops the sequence and is rethrown.
 */
export async function saveProfile(
  { avatar, cv, payload }: SaveProfileInput,
  hooks: SaveProfileHooks,
): Promise<void> {
  if (avatar) await step('avatar', () => uploadAvatar(avatar, (f) => hooks.onProgress?.('avatar', f)), hooks);
  if (cv) await step('cv', () => uploadCv(cv, (f) => hooks.onProgress?.('cv', f)), hooks);
  await step('profile', () => updateProfile(payload), hooks);
  await step('reload', hooks.reload, hooks);
}
