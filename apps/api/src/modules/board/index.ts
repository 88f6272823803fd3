/**
 * The substitution board's face (issue 32, docs/board.md): what the composition root wires and
 * server.ts runs. Everything else in this folder is its inside.
 */
export { boardRoutes, type BoardRoutesOptions } from './board.routes.ts';
export { silentBoardNotifier, type BoardDeps, type BoardNotifier, type BoardRequestRow } from './board.deps.ts';
export { runBoardClock, onBoardOfferPaid, type BoardClockResult } from './board.clock.ts';
