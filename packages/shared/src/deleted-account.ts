/**
 * The address a deleted account keeps in place of its owner's (modules/my-data/my-data.delete.ts
 * writes `deleted-{userId}@deleted.invalid`: `.invalid` can never be delivered to). Screens show
 * a label for it instead of the placeholder (issue 34).
 */
export const DELETED_ACCOUNT_EMAIL = /^deleted-[^@\s]+@deleted\.invalid$/i;

export function isDeletedAccountEmail(email: string | null | undefined): boolean {
  return typeof email === 'string' && DELETED_ACCOUNT_EMAIL.test(email);
}
