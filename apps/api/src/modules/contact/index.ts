// The face of contact: the contact form's routes.
export { contactRoutes } from './contact.routes.ts';
