// The face of company-lookup: the NIP lookup routes (the GUS adapter stays behind its port).
export { companyLookupRoutes } from './company-lookup.routes.ts';
