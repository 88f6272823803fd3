import { invoiceDataDtoSchema, profileDtoSchema, urlDtoSchema } from '@substytut/shared';
import { z } from 'zod';
import { dataOf } from '../app/http.ts';

export const profileResponse = dataOf(profileDtoSchema);
export const invoiceResponse = dataOf(invoiceDataDtoSchema);
export const urlResponse = dataOf(urlDtoSchema);
/** Storage keys, relative like every *Url of the profile: the file is at /storage/{key}. */
export const imageResponse = dataOf(z.object({ imageUrl: z.string() }));
export const cvResponse = dataOf(z.object({ cvUrl: z.string() }));
