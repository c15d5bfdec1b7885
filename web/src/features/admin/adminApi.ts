import { ADMIN_API, ADMIN_TRANSLATION_API, type TranslationBudgetLimits, type TranslationConsole } from '@parley/common';
import type { ResetLink, AdminReport, ReportAction, AdminInvite, AdminUser, AdminUserList, AuditEntry, CreatedInvite, RegistrationMode, ServiceStatus, UserAction, UserFilter } from '@parley/common';
import { api, apiFetch } from '../../lib/api.ts';

/** The registration settings: the mode, the e-mail domains, and whether members may invite (issue 38). */
export interface RegistrationSettings {
  mode: RegistrationMode;
  emailDomains: string[];
  membersMayInvite: boolean;
  /** Sign-up answers email_taken (confirmation off): the console says so (issue 32 item 8). */
  signUpRevealsAccounts?: boolean;
}

/** The console's calls to the operators' API (every one answers 403 admin_required to others). */
export const adminApi = {
  users: (q: string, filter: UserFilter) =>
    api.get<AdminUserList>(`${ADMIN_API.users}?${new URLSearchParams({ ...(q ? { q } : {}), filter, limit: '100' })}`),
  act: (id: string, action: UserAction) => api.post<AdminUser>(ADMIN_API.userAction.replace(':id', id).replace(':action', action)),
  resetLink: (id: string) => api.post<ResetLink>(ADMIN_API.userResetLink.replace(':id', id)),
  remove: (id: string) => api.delete<void>(ADMIN_API.user.replace(':id', id)),
  invites: () => api.get<{ invites: AdminInvite[] }>(ADMIN_API.invites),
  createInvite: (maxUses: number, expiresInHours: number | null) => api.post<CreatedInvite>(ADMIN_API.invites, { maxUses, expiresInHours }),
  revokeInvite: (id: string) => api.delete<void>(ADMIN_API.invite.replace(':id', id)),
  registration: () => api.get<RegistrationSettings>(ADMIN_API.registration),
  setRegistration: (mode: RegistrationMode, membersMayInvite?: boolean) =>
    apiFetch<RegistrationSettings>(ADMIN_API.registration, { method: 'PUT', body: { mode, ...(membersMayInvite === undefined ? {} : { membersMayInvite }) } }),
  audit: (action: string) => api.get<{ entries: AuditEntry[] }>(`${ADMIN_API.audit}?${new URLSearchParams(action ? { action } : {})}`),
  status: () => api.get<ServiceStatus>(ADMIN_API.status),
  reports: () => api.get<{ reports: AdminReport[] }>(ADMIN_API.reports),
  translation: () => api.get<TranslationConsole>(ADMIN_TRANSLATION_API.translation),
  setEngines: (order: string[], off: string[]) => apiFetch<TranslationConsole>(ADMIN_TRANSLATION_API.engines, { method: 'PUT', body: { order, off } }),
  setBudget: (limits: TranslationBudgetLimits) => apiFetch<TranslationConsole>(ADMIN_TRANSLATION_API.budget, { method: 'PUT', body: limits }),
  /** The reported attachment as kept (a download: the browser saves it, the console never renders it). */
  reportFileUrl: (id: string) => ADMIN_API.reportFile.replace(':id', id),
  reportAction: (id: string, action: ReportAction) => api.post<{ resolved: true }>(ADMIN_API.reportAction.replace(':id', id).replace(':action', action)),
};
