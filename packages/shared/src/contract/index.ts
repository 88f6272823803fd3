export * from './account.ts';
export * from './my-data.ts';
export * from './offers.ts';
export * from './board.ts';
export * from './plans.ts';
