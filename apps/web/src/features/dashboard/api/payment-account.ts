import { useMutation } from '@tanstack/react-query';
import type { PaymentLinkRequest, UrlDto } from '@substytut/shared';
import type { Language } from '@/config/paths';
import { api } from '@/lib/api-client';

/**
 * A link without a url counts as a failure (spec 8: "no url or call error"). Issue 34: the call
 * names the language the lawyer uses now, so the provider's pages open in it.
 */
async function urlFrom(path: string, locale: Language): Promise<string> {
  const body: PaymentLinkRequest = { locale };
  const answer = await api.post<Partial<UrlDto> | null>(path, body);
  if (!answer?.url) throw new Error(`${path} answered without a url`);
  return answer.url;
}

/** POST /user/profile/stripe/createaccount: the onboarding link of the payment provider. */
export const createPaymentAccountLink = (locale: Language) =>
  urlFrom('/user/profile/stripe/createaccount', locale);

/** POST /user/profile/stripe/login: the payment provider's dashboard for an active account. */
export const paymentDashboardLink = (locale: Language) => urlFrom('/user/profile/stripe/login', locale);

/** Asks for the link and sends the browser there; on failure the caller reports it and the button is enabled again. */
export function usePaymentRedirect(getLink: () => Promise<string>, onError: (error: unknown) => void) {
  return useMutation({
    mutationFn: async () => {
      window.location.assign(await getLink());
    },
    onError,
  });
}
