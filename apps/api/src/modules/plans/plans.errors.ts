import { conflict } from '../app/errors.ts';

/** A subscribe while a Pro subscription is still in force. */
export const alreadyPro = () => conflict('plans.already_pro');
/** A cancel without a Pro subscription that renews. */
export const notSubscribed = () => conflict('plans.not_subscribed');
