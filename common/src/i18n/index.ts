export * from './catalog.ts';
export * from './format.ts';
export * from './message.ts';
export * from './locales.ts';
