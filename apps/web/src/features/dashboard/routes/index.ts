/** The dashboard's routes, loaded as one lazy chunk so public pages never carry them. */
export { DashboardLayout } from './dashboard-layout';
export { ProfileRoute } from './profile';
export { BillingRoute } from './billing';
export { OffersRoute } from './offers';
export { MyDataRoute } from './my-data';
