// The face of the board's people part (issue 32): its routes for the composition root, and what
// the board's cards show of a substitute (completed substitutions, published references). The
// board's face re-exports it.
export { peopleRoutes, type PeopleRoutesOptions } from './people.routes.ts';
export { completedSubstitutionsOf, publishedReferencesOf } from './people.service.ts';
export { myBoardRequestOf } from './my-request.dto.ts';
export { referenceWrittenMail, REFERENCES_PAGE } from './reference.mail.ts';
