import { AppError, notFound } from '../app/errors.ts';

/** A valid NIP the registry does not know. */
export const companyNotFound = () => notFound('company.not_found');
/** The registry did not answer; the form can still be filled in by hand. */
export const companyLookupUnavailable = () => new AppError(503, 'company.lookup_unavailable');
