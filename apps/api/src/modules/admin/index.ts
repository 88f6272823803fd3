// The face of admin: the administrator's panel routes.
export { adminRoutes } from './admin.routes.ts';
