import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AUDIT_ACTIONS, REGISTRATION_MODES, type AuditAction, type CatalogKey, type RegistrationMode } from '@parley/common';
import { errorMessage } from '../../lib/errorMessages.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { loadToast } from '../../lib/toaster.tsx';
import { adminApi } from './adminApi.ts';
import { auditSentence, languageNames, missingLanguageNotices } from './moderationText.ts';

const MODE_LABELS: Record<RegistrationMode, CatalogKey> = {
  open: 'admin.registrationOpen', invite: 'admin.registrationInvite', closed: 'admin.registrationClosed',
};

/** Who may sign up; stored in the database, so every node agrees at once. */
export function RegistrationPanel() {
  const { t } = useI18n();
  const settings = useQuery({ queryKey: ['admin', 'registration'], queryFn: () => adminApi.registration() });
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: ({ mode, membersMayInvite }: { mode: RegistrationMode; membersMayInvite?: boolean }) => adminApi.setRegistration(mode, membersMayInvite),
    onSuccess: (data) => queryClient.setQueryData(['admin', 'registration'], data),
    onError: (error) => void loadToast().then((toast) => toast.error(errorMessage(error, t, 'general.errorServer'))),
  });
  if (!settings.data) return null;
  const domains = settings.data.emailDomains;
  return (
    <section className="flex flex-col gap-3" data-testid="admin-registration" data-mode={settings.data.mode}>
      <div className="flex flex-col gap-2" role="radiogroup">
        {REGISTRATION_MODES.map((mode) => (
          <label key={mode} className="flex items-center gap-2 text-sm">
            <input type="radio" name="registration" checked={settings.data.mode === mode} onChange={() => change.mutate({ mode })} data-testid={`admin-registration-${mode}`} />
            {t(MODE_LABELS[mode])}
          </label>
        ))}
      </div>
      <p className="text-xs text-muted-foreground">{domains.length ? t('admin.registrationDomains', { domains: domains.join(', ') }) : t('admin.registrationAnyDomain')}</p>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox" className="mt-1" checked={settings.data.membersMayInvite}
          onChange={(e) => change.mutate({ mode: settings.data.mode, membersMayInvite: e.target.checked })}
          data-testid="admin-members-may-invite"
        />
        <span>
          {t('members.membersMayInvite')}
          <span className="block text-xs text-muted-foreground">{t('members.membersMayInviteHint')}</span>
        </span>
      </label>
      {settings.data.signUpRevealsAccounts && (
        <p className="text-xs text-amber-700 dark:text-amber-400" data-testid="admin-registration-reveals">{t('accountSafety.signUpRevealsAccounts')}</p>
      )}
    </section>
  );
}

/** Each audit action's words in the console's language. */
export const AUDIT_LABELS: Record<AuditAction, CatalogKey> = {
  'auth.signed_up': 'admin.auditAuthSignedUp',
  'auth.signed_in': 'admin.auditAuthSignedIn',
  'auth.sign_in_failed': 'admin.auditAuthSignInFailed',
  'auth.sso_signed_in': 'admin.auditAuthSsoSignedIn',
  'auth.sso_failed': 'admin.auditAuthSsoFailed',
  'user.created': 'admin.auditUserCreated',
  'user.made_admin': 'admin.auditUserMadeAdmin',
  'user.unmade_admin': 'admin.auditUserUnmadeAdmin',
  'user.email_confirmed': 'admin.auditUserEmailConfirmed',
  'user.disabled': 'admin.auditUserDisabled',
  'user.enabled': 'admin.auditUserEnabled',
  'user.deleted': 'admin.auditUserDeleted',
  'user.password_set': 'admin.auditUserPasswordSet',
  'user.reset_link': 'admin.auditUserResetLink',
  'account.deleted': 'admin.auditAccountDeleted',
  'invite.created': 'admin.auditInviteCreated',
  'invite.revoked': 'admin.auditInviteRevoked',
  'registration.changed': 'admin.auditRegistrationChanged',
  'translation.engines_changed': 'admin.auditTranslationEnginesChanged',
  'translation.budget_changed': 'admin.auditTranslationBudgetChanged',
  'report.dismissed': 'admin.auditReportDismissed',
  'report.disabled': 'admin.auditReportDisabled',
  'report.file_downloaded': 'admin.auditReportFileDownloaded',
  'token.created': 'integrations.auditTokenCreated',
  'token.revoked': 'integrations.auditTokenRevoked',
  'token.used': 'integrations.auditTokenUsed',
  'bot.created': 'integrations.auditBotCreated',
  'bot.deleted': 'integrations.auditBotDeleted',
  'integrations.changed': 'integrations.auditIntegrationsChanged',
  'webhook.created': 'admin.auditWebhookCreated',
  'webhook.rotated': 'admin.auditWebhookRotated',
  'webhook.deleted': 'admin.auditWebhookDeleted',
  'webhook.paused': 'admin.auditWebhookPaused',
  'webhook.resumed': 'admin.auditWebhookResumed',
  'link_previews.changed': 'linkPreviews.auditChanged',
};

/** An action's label; one this console does not know (a newer node's) shows as recorded. */
export const auditLabel = (action: string, t: (key: CatalogKey) => string) =>
  Object.hasOwn(AUDIT_LABELS, action) ? t(AUDIT_LABELS[action as AuditAction]) : action;

/** The audit log, newest first, filtered by action. */
export function AuditPanel() {
  const { t, language } = useI18n();
  const [action, setAction] = useState('');
  const entries = useQuery({ queryKey: ['admin', 'audit', action], queryFn: () => adminApi.audit(action.trim()) });
  return (
    <section className="flex flex-col gap-3">
      <select
        className="h-10 max-w-xs rounded-md border border-input bg-background px-3 text-sm"
        value={action}
        onChange={(e) => setAction(e.target.value)}
        aria-label={t('admin.auditAction')}
        data-testid="admin-audit-filter"
      >
        <option value="">{t('admin.auditAllActions')}</option>
        {AUDIT_ACTIONS.map((a) => <option key={a} value={a}>{auditLabel(a, t)}</option>)}
      </select>
      {entries.data?.entries.length === 0 && <p className="text-sm text-muted-foreground">{t('admin.auditEmpty')}</p>}
      <ul className="flex flex-col divide-y divide-border rounded-lg border border-border bg-card text-sm">
        {entries.data?.entries.map((e) => (
          <li key={e.id} className="grid gap-1 px-3 py-2 sm:grid-cols-[11rem_1fr]" data-testid="admin-audit-entry" data-action={e.action}>
            <span className="text-muted-foreground">{new Date(e.at).toLocaleString(language)}</span>
            {/* A sentence, not JSON (issue 38); the raw details stay in the tooltip for the operator who needs them. */}
            <span dir="auto" className="break-words" title={e.details ? JSON.stringify(e.details) : undefined} data-testid="admin-audit-sentence">
              {auditSentence(e, t, (action) => auditLabel(action, t))}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Database, Redis and the translation queue, and what this server's engines serve. */
export function StatusPanel() {
  const { t, language } = useI18n();
  const status = useQuery({ queryKey: ['admin', 'status'], queryFn: () => adminApi.status() });
  const s = status.data;
  if (!s) return null;
  const missing = missingLanguageNotices({ text: s.languages.text.languages, speechIn: s.languages.speechIn, speechOut: s.languages.speechOut }, t, language);
  const ok = (good: boolean) => t(good ? 'admin.statusOk' : 'admin.statusDown');
  return (
    <section className="grid gap-3 sm:grid-cols-2" data-testid="admin-status">
      <Item title={t('admin.statusDatabase')} value={`${ok(s.database.ok)} (${s.database.kind})`} />
      <Item title={t('admin.statusRedis')} value={s.redis.configured ? ok(s.redis.ok) : t('admin.statusNotConfigured')} />
      <Item
        title={t('admin.statusQueue')}
        value={[t('admin.statusPending', { count: s.queue.pending }), t('admin.statusFailed', { count: s.queue.failed24h }), t('admin.statusDone', { count: s.queue.done24h })].join(' · ')}
      />
      <Item
        title={t('admin.statusText', { engines: s.languages.text.engines.join(', '), directions: s.languages.text.directions })}
        value={languageNames(s.languages.text.languages, language) || '-'}
      />
      <Item title={t('admin.statusSpeechIn')} value={languageNames(s.languages.speechIn, language) || '-'} />
      <Item title={t('admin.statusSpeechOut')} value={languageNames(s.languages.speechOut, language) || '-'} />
      {/* What this server cannot serve, and what to configure for it (issue 38). */}
      <div className="rounded-lg border border-border bg-card p-3 sm:col-span-2" data-testid="admin-status-missing">
        {missing.length === 0 ? (
          <p className="text-sm">{t('moderation.statusAllLanguages')}</p>
        ) : (
          <ul className="flex list-disc flex-col gap-1 ps-5 text-sm">{missing.map((line) => <li key={line}>{line}</li>)}</ul>
        )}
      </div>
    </section>
  );
}

function Item({ title, value }: { title: string; value: string }) {
  return (
    <div className="rounded-lg border border-border bg-card p-3">
      <p className="text-xs font-medium text-muted-foreground">{title}</p>
      <p className="mt-1 text-sm">{value}</p>
    </div>
  );
}
