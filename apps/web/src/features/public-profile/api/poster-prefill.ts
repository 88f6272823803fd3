import type { InvoiceDataDto, ProfileDto } from '@substytut/shared';
import type { ApiAnswer } from '@substytut/shared/contract/routes';
// Not '@substytut/shared/substitution': its schemas would bring zod to the public page's first load.
import { GRANTOR_TYPES, type GrantorType } from '@substytut/shared/reference-data/professional-types';
import { API_BASE, authHeaders, unwrap } from '@/lib/api-client';
import type { CheckoutFormInput } from '../lib/checkout-form';

/** What step 2 starts with when the signed-in visitor posted the board request behind the offer. */
export interface CheckoutPrefill {
  invoice: Partial<Pick<CheckoutFormInput, 'nip' | 'company' | 'street' | 'postCode' | 'city' | 'email'>>;
  grantor: { name: string; professional_type: GrantorType; license_no: string; office_address: string } | null;
}

/**
 * A signed-in call that fails quietly: this page is public, and a stale token must not send the
 * visitor to the sign-in page (the API client does that on a 401).
 */
async function quietGet<T>(path: string): Promise<T | null> {
  try {
    const response = await fetch(`${API_BASE}${path}`, { headers: authHeaders('GET'), credentials: 'include' });
    if (!response.ok) return null;
    return unwrap<T>(await response.json());
  } catch {
    return null;
  }
}

const isGrantorType = (id: string): id is GrantorType => (GRANTOR_TYPES as readonly string[]).includes(id);

/** The poster's invoice data and, when they are an advocate or legal counsel, them as the grantor. */
export function prefillOf(profile: ProfileDto | null, invoice: InvoiceDataDto | null): CheckoutPrefill {
  const filled = <T extends Record<string, string>>(fields: T) =>
    Object.fromEntries(Object.entries(fields).filter(([, value]) => value.trim() !== '')) as Partial<T>;
  const address = invoice
    ? [invoice.invoice_street, `${invoice.invoice_postcode} ${invoice.invoice_city}`.trim()].filter(Boolean).join(', ')
    : '';
  const grantor =
    // Only whole: a grantor without the office address would leave step 2 invalid unseen.
    profile && isGrantorType(profile.permissions) && profile.fullname && profile.licenseNo && address
      ? { name: profile.fullname, professional_type: profile.permissions, license_no: profile.licenseNo, office_address: address }
      : null;
  return {
    invoice: filled({
      nip: invoice?.invoice_nip ?? '',
      company: invoice?.invoice_company ?? '',
      street: invoice?.invoice_street ?? '',
      postCode: invoice?.invoice_postcode ?? '',
      city: invoice?.invoice_city ?? '',
      email: profile?.email ?? '',
    }),
    grantor,
  };
}

/** Null unless one of the signed-in visitor's board requests became this offer (issue 32). */
export async function posterPrefill(offerUrl: string): Promise<CheckoutPrefill | null> {
  const mine = await quietGet<ApiAnswer<'GET /api/user/board/requests'>>('/user/board/requests');
  if (!mine?.items.some((request) => request.offer?.offerUrl === offerUrl)) return null;
  const [profile, invoice] = await Promise.all([
    quietGet<ProfileDto>('/user/profile'),
    quietGet<InvoiceDataDto>('/user/profile/invoice'),
  ]);
  return prefillOf(profile, invoice);
}
