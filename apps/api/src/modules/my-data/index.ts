// The face of my-data: its routes and clock sweeps, and the account deletion that auth's
// "delete my account" (POST /api/me/delete) runs after confirming who asks.
export { myDataRoutes, myDataDepsOf, runMyDataSweeps } from './my-data.routes.ts';
export { deleteAccount } from './my-data.delete.ts';
export { myDataErrors } from './my-data.errors.ts';
