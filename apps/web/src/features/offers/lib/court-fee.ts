import { courtCancellationSplit, grossFromNet, parsePlnToGrosze, type OfferDto } from '@substytut/shared';

/**
 * The offer's court-cancellation fee (issue 34) in grosze: net as stated, gross with VAT as in
 * offers, and what the client would get back of the offer's price. Null without a fee.
 */
export function courtFeeOf(offer: Pick<OfferDto, 'court_cancellation_fee' | 'price_brutto'>) {
  const net = offer.court_cancellation_fee ? parsePlnToGrosze(offer.court_cancellation_fee) : null;
  const paid = parsePlnToGrosze(offer.price_brutto);
  if (!net || paid === null) return null;
  const { keptGrosze, refundGrosze } = courtCancellationSplit(paid, net);
  return { netGrosze: net, grossGrosze: grossFromNet(net), keptGrosze, refundGrosze };
}
