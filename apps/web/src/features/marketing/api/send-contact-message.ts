import { useMutation } from '@tanstack/react-query';
import type { ContactPayload } from '@substytut/shared';
import { api } from '@/lib/api-client';
import type { Locale } from '@substytut/shared/locale';

export interface ContactRequest extends ContactPayload {
  'cf-turnstile-response': string;
  locale: Locale;
}

/** POST /api/contact: stored and mailed to support; answers { success: true }. */
export function sendContactMessage(payload: ContactRequest): Promise<{ success: true }> {
  return api.post<{ success: true }>('/contact', payload);
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
