import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { paymentEventOf, subscriptionStateOf } from './stripe-provider.ts';

const periodEnd = Math.floor(new Date('2026-12-27T12:00:00Z').getTime() / 1000);
const subscription = (fields: Partial<Stripe.Subscription>) =>
  ({
    id: 'sub_1',
    status: 'active',
    cancel_at_period_end: false,
    metadata: { userId: 'user-1', plan: 'pro' },
    items: { data: [{ current_period_end: periodEnd }] },
    cancellation_details: null,
    ...fields,
  }) as unknown as Stripe.Subscription;

describe('Stripe Billing: the subscription as the app sees it (decision 049)', () => {
  it('active is in force until its period ends; cancelled at the period’s end stays in force', () => {
    expect(subscriptionStateOf(subscription({}))).toEqual({
      subscriptionId: 'sub_1',
      userId: 'user-1',
      status: 'active',
      currentPeriodEnd: new Date(periodEnd * 1000),
      cancelAtPeriodEnd: false,
      endReason: null,
    });
    expect(subscriptionStateOf(subscription({ cancel_at_period_end: true }))).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
    });
  });

  it('a renewal Stripe could not charge (past_due, or cancelled for payment) falls back to Basic', () => {
    expect(subscriptionStateOf(subscription({ status: 'past_due' }))).toMatchObject({
      status: 'ended',
      endReason: 'renewal_failed',
    });
    expect(
      subscriptionStateOf(
        subscription({
          status: 'canceled',
          cancellation_details: { reason: 'payment_failed' } as Stripe.Subscription.CancellationDetails,
        }),
      ),
    ).toMatchObject({ status: 'ended', endReason: 'renewal_failed' });
    expect(subscriptionStateOf(subscription({ status: 'canceled' }))).toMatchObject({
      status: 'ended',
      endReason: 'cancelled',
    });
  });

  it('a subscription of no user of the app is not the app’s', () => {
    expect(subscriptionStateOf(subscription({ metadata: {} }))).toBeNull();
  });

  it('customer.subscription.* become subscription.updated; a subscription checkout is not a payment', () => {
    const event = (type: string, object: unknown) =>
      ({ id: 'evt_1', created: 1_800_000_000, type, data: { object } }) as unknown as Stripe.Event;
    expect(paymentEventOf(event('customer.subscription.deleted', subscription({ status: 'canceled' })))).toMatchObject({
      type: 'subscription.updated',
      subscription: { status: 'ended' },
    });
    expect(paymentEventOf(event('checkout.session.completed', { id: 'cs_1', mode: 'subscription' }))).toBeNull();
  });
});
