export * from './professional-types.ts';
export * from './institutions.ts';
export * from './specializations.ts';
export * from './courts.ts';
