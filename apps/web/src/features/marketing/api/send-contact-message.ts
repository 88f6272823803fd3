import { useMutation } from '@tanstack/react-query';
import type { ContactAnswer, ContactRequest } from '@substytut/shared';
import { api } from '@/lib/api-client';

/** POST /api/contact: stored and mailed to support; answers { success: true }. */
export function sendContactMessage(payload: ContactRequest): Promise<ContactAnswer> {
  return api.post<ContactAnswer>('/contact', payload);
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
