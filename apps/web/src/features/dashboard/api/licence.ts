import type { LicenceAnswer } from '@substytut/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { upload } from '@/lib/upload';
import { profileQueryKey } from '@/lib/profile-query';

type Progress = (fraction: number) => void;

/** POST /user/profile/licence/check: asks the register again (rate limited on the server). */
export function checkLicence(): Promise<LicenceAnswer> {
  return api.post<LicenceAnswer>('/user/profile/licence/check');
}

/** POST /user/profile/licence/certificate, multipart field `file`: the case goes to an administrator. */
export function uploadCertificate(file: File, onProgress?: Progress): Promise<LicenceAnswer> {
  return upload<LicenceAnswer>('/user/profile/licence/certificate', file, {
    field: 'file',
    onProgress,
  });
}

/**
 * The answer carries the new licence; the profile is read again as well, because its
 * `offer_requirements` follow from the licence.
 */
function useRefreshProfile() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: profileQueryKey });
}

export function useCheckLicence() {
  const refresh = useRefreshProfile();
  return useMutation({ mutationFn: checkLicence, onSuccess: refresh });
}

export function useUploadCertificate(onProgress?: Progress) {
  const refresh = useRefreshProfile();
  return useMutation({
    mutationFn: (file: File) => uploadCertificate(file, onProgress),
    onSuccess: refresh,
  });
}

/** POST /user/profile/licence/code (issue 30): the one-time code from the register's e-mail. */
export function confirmLicenceCode(code: string): Promise<LicenceAnswer> {
  return api.post<LicenceAnswer>('/user/profile/licence/code', { code });
}

/** POST /user/profile/licence/code/resend: a new code to the same address (one a minute, five a day). */
export function resendLicenceCode(): Promise<LicenceAnswer> {
  return api.post<LicenceAnswer>('/user/profile/licence/code/resend');
}

/** A wrong code uses a try: the profile is read again after any answer, so the count shows. */
export function useConfirmLicenceCode() {
  const refresh = useRefreshProfile();
  return useMutation({ mutationFn: confirmLicenceCode, onSettled: refresh });
}

export function useResendLicenceCode() {
  const refresh = useRefreshProfile();
  return useMutation({ mutationFn: resendLicenceCode, onSettled: refresh });
}
