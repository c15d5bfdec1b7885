export * from './languages.ts';
export * from './relationship.ts';
export * from './limits.ts';
export * from './api/errors.ts';
export * from './api/auth.ts';
export * from './api/profile.ts';
export * from './api/routes.ts';
export * from './i18n/index.ts';
