// The face of plans (issue 34 §3): the lawyer's plan and Pro subscription, and the fee a payment
// made now withholds.
export { plansRoutes } from './plans.routes.ts';
export {
  feeBasisPointsForUser,
  handlePlanEvents,
  planOfUser,
  type PlansDeps,
} from './plans.service.ts';
