import { conflict } from '../app/errors.ts';

/** A subscribe while a Pro subscription is still in force. */
export const alreadyPro = () => conflict('plans.already_pro');