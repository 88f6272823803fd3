import type { ClientInvoicePayload, Grantor, HearingInput, PaymentLinkDto } from '@substytut/shared';
import type { Language } from '@/config/paths';
import { api, refreshCsrf } from '@/lib/api-client';

export interface StartPaymentInput {
  seolink: string;
  offerUrl: string;
  invoice: ClientInvoicePayload & { grantor?: Grantor | undefined };
  /** The language of the client's mails and of the pages the checkout returns to. */
  locale: Language;
  /** The hearing's details as the client added or corrected them (issue 23); null: none. */
  hearing?: HearingInput | null;
}

/**
 * POST /public/profile/{seolink}/payment/{offerUrl} (spec 7). The anti-forgery cookie is fetched
 * afresh first (the visitor may have kept the page open for a long time). The form has no fields
 * for phone and name: the spec sends placeholders, here empty texts.
 */
export async function startPayment({
  seolink,
  offerUrl,
  invoice,
  locale,
  hearing,
}: StartPaymentInput): Promise<PaymentLinkDto> {
  await refreshCsrf().catch(() => undefined);
  return api.post<PaymentLinkDto>(
    `/public/profile/${encodeURIComponent(seolink)}/payment/${encodeURIComponent(offerUrl)}`,
    {
      ...invoice,
      grantor: invoice.grantor ?? null,
      invoice: true,
      phone: '',
      firstname: '',
      lastname: '',
      locale,
      ...(hearing ? { hearing } : {}),
    },
  );
}
