import { useMutation } from '@tanstack/react-query';
import type { UrlDto } from '@substytut/shared';
import { api } from '@/lib/api-client';

/** A link without a url counts as a failure (spec 8: "no url or call error"). */
async function urlFrom(path: string): Promise<string> {
  const answer = await api.post<Partial<UrlDto> | null>(path);
  if (!answer?.url) throw new Error(`${path} answered without a url`);
  return answer.url;
}

/** POST /user/profile/stripe/createaccount: the onboarding link of the payment provider. */
export const createPaymentAccountLink = () => urlFrom('/user/profile/stripe/createaccount');

/** POST /user/profile/stripe/login: the payment provider's dashboard for an active account. */
export const paymentDashboardLink = () => urlFrom('/user/profile/stripe/login');

/** Asks for the link and sends the browser there; on failure the caller reports it and the button is enabled again. */
export function usePaymentRedirect(getLink: () => Promise<string>, onError: (error: unknown) => void) {
  return useMutation({
    mutationFn: async () => {
      window.location.assign(await getLink());
    },
    onError,
  });
}
