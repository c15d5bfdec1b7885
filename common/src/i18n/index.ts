export * from './catalog.ts';
export * from './format.ts';
