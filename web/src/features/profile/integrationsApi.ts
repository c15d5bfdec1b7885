import { INTEGRATIONS_API, type ApiTokenView, type BotView, type CreateBotBody, type CreateTokenBody, type CreatedToken } from '@parley/common';
import { api } from '../../lib/api.ts';

/** Profile -> API tokens and Bots (issue 35): the session's own calls (a token cannot make tokens). */
export const integrationsApi = {
  tokens: (signal?: AbortSignal) => api.get<{ tokens: ApiTokenView[] }>(INTEGRATIONS_API.tokens, signal).then((r) => r.tokens),
  createToken: (body: CreateTokenBody) => api.post<CreatedToken>(INTEGRATIONS_API.tokens, body),
  revokeToken: (id: string) => api.delete<void>(`${INTEGRATIONS_API.tokens}/${id}`),
  bots: (signal?: AbortSignal) => api.get<{ bots: BotView[] }>(INTEGRATIONS_API.bots, signal).then((r) => r.bots),
  createBot: (body: CreateBotBody) => api.post<{ id: string }>(INTEGRATIONS_API.bots, body),
  deleteBot: (id: string) => api.delete<void>(`${INTEGRATIONS_API.bots}/${id}`),
  createBotToken: (botId: string, body: CreateTokenBody) => api.post<CreatedToken>(`${INTEGRATIONS_API.bots}/${botId}/tokens`, body),
  revokeBotToken: (botId: string, id: string) => api.delete<void>(`${INTEGRATIONS_API.bots}/${botId}/tokens/${id}`),
};

export const TOKENS_KEY = ['account', 'tokens'] as const;
export const BOTS_KEY = ['account', 'bots'] as const;
