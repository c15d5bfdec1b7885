// The public entry of integrations/: a conversation's webhooks (issue 35), and the console's list.
export { IntegrationsSection } from './IntegrationsSection.tsx';
export { integrationsApi } from './integrationsApi.ts';
