// The Google provider (README.md, Demo accounts (sandbox), PORTAL_PROVIDER=google): configuration and factory.
export { createGoogleProvider, GOOGLE_SCOPES } from './googleProvider';
export { readGoogleOptions, GOOGLE_ENV } from './options';
export type { GoogleProviderOptions, ServiceAccountKey } from './options';
