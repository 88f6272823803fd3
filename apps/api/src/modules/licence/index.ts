// The face of licence: its routes, the register adapter the app chooses, the checks the profile's
// save and the clock job start.
export { licenceRoutes, type LicenceRoutesOptions } from './licence.routes.ts';
export { createLicenceRegister } from './licence.register.ts';
export { checkLicence, checkTrainingStart, queueLicenceCheck, runLicenceChecks, type LicenceDeps } from './licence.service.ts';
