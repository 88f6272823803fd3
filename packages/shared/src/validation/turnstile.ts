/**
 * The bot-check value the forms send when no real check is configured (spec 5 and 9). In a file
 * of its own, without zod, so a form can set its default before its schema has loaded.
 */
export const TURNSTILE_LOCAL_TOKEN = 'local';
