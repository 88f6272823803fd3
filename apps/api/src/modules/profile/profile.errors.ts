import { AppError, badRequest, forbidden } from '../app/errors.ts';

/** Not an accepted file type by its content (also an empty file). */
export const wrongFileFormat = () => badRequest('files.wrong_format');
/** Over the size limit, or an image with more pixels than may be decoded. */
export const fileTooLarge = () => new AppError(413, 'files.too_large');
/** A photo smaller than IMAGE_MIN_SIDE on either side. */
export const imageTooSmall = () => badRequest('files.too_small_image');
/** The multipart request had no part named `file`. */
export const fileMissing = () => badRequest('files.missing');
/** An administrator's account asked for the lawyer's own profile, which it does not have. */
export const adminHasNoProfile = () => forbidden('profile.admin_has_none');
