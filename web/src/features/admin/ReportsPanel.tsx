import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminReport, AdminReportFile, ReportAction } from '@parley/common';
import { Download, FileText, Image, Mic } from 'lucide-react';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { errorMessage } from '../../lib/errorMessages.ts';
import { formatSize } from '../../lib/fileSize.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { loadToast } from '../../lib/toaster.tsx';
import { adminApi } from './adminApi.ts';
import { TranslatedText } from './TranslatedText.tsx';

const who = (p: { username: string | null; email: string } | null) => (p ? `${p.username ?? '-'} (${p.email})` : '-');

/**
 * Reports people filed (block and report): each can be dismissed, or closed by disabling the reported account. The
 * reason and the reported message are read in the operator's language, the original a tap away (issue 38).
 */
export function ReportsPanel({ onOpenUser }: { onOpenUser?: (email: string) => void }) {
  const { t, language } = useI18n();
  const reports = useQuery({ queryKey: ['admin', 'reports'], queryFn: () => adminApi.reports() });
  const queryClient = useQueryClient();
  const act = useMutation({
    mutationFn: ({ report, action }: { report: AdminReport; action: ReportAction }) => adminApi.reportAction(report.id, action),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
    onError: (error) => void loadToast().then((toast) => toast.error(errorMessage(error, t, 'general.errorServer'))),
  });
  const list = reports.data?.reports ?? [];
  return (
    <section className="flex flex-col gap-3">
      {reports.isSuccess && list.length === 0 && <p className="text-sm text-muted-foreground" data-testid="admin-reports-empty">{t('admin.reportsEmpty')}</p>}
      <ul className="flex flex-col divide-y divide-border rounded-lg border border-border bg-card">
        {list.map((report) => (
          <li key={report.id} className="flex flex-wrap items-start gap-2 px-3 py-2" data-testid="admin-report">
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-medium">{t('admin.reportLine', { reporter: who(report.reporter), reported: who(report.reported) })}</p>
              <p className="text-xs text-muted-foreground">{new Date(report.createdAt).toLocaleString(language)}</p>
              <TranslatedText text={report.reason} className="mt-1" testId="admin-report-reason" />
              {report.messageContent !== null && (
                <div className="mt-1 rounded bg-muted px-2 py-1 text-xs">
                  <p className="font-medium">{t('admin.reportMessage', { text: '' }).trim()}</p>
                  <TranslatedText text={report.messageContent} testId="admin-report-message" />
                  {report.linkPreview && (
                    // The card as the reporter saw it: its texts only, its address as text (never loaded from here).
                    <div className="mt-1 break-words border-s-2 border-primary/50 ps-2" data-testid="admin-report-link-preview">
                      <p className="font-semibold" dir="auto">{[report.linkPreview.siteName, report.linkPreview.title].filter(Boolean).join(' · ')}</p>
                      {report.linkPreview.description && <p dir="auto">{report.linkPreview.description}</p>}
                      <p className="text-muted-foreground" dir="ltr">{report.linkPreview.url}</p>
                    </div>
                  )}
                </div>
              )}
              {report.file && <ReportFile reportId={report.id} file={report.file} />}
              {report.reported && onOpenUser && (
                <button type="button" className="mt-1 text-xs text-primary underline-offset-2 hover:underline" onClick={() => onOpenUser(report.reported!.email)} data-testid="admin-report-open-user">
                  {t('moderation.reportOpenUser', { name: report.reported.username ?? report.reported.email })}
                </button>
              )}
            </div>
            {report.reported?.disabled && <Badge variant="destructive">{t('admin.badgeDisabled')}</Badge>}
            <div className="flex flex-wrap gap-1">
              <Button size="sm" variant="outline" disabled={act.isPending} onClick={() => act.mutate({ report, action: 'dismiss' })} data-testid="admin-report-dismiss">
                {t('admin.actionDismiss')}
              </Button>
              {report.reported && !report.reported.disabled && (
                <Button size="sm" variant="destructive" disabled={act.isPending} onClick={() => act.mutate({ report, action: 'disable' })} data-testid="admin-report-disable">
                  {t('admin.actionDisable')}
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

const KIND_ICONS = { photo: Image, voice: Mic, file: FileText } as const;

/**
 * The reported photo, recording or file as kept with the report (issue 36): still there after the sender deleted the
 * message or the account. Name (files), type and size; the copy is downloaded, never shown in the console's page.
 */
function ReportFile({ reportId, file }: { reportId: string; file: AdminReportFile }) {
  const { t, language } = useI18n();
  const Icon = KIND_ICONS[file.kind] ?? FileText;
  const name = file.name ?? t(file.kind === 'photo' ? 'chat.mediaPhoto' : file.kind === 'voice' ? 'chat.mediaVoiceMessage' : 'documents.file');
  return (
    <div className="mt-1 flex min-w-0 flex-wrap items-center gap-2 rounded bg-muted px-2 py-1 text-xs" data-testid="admin-report-file">
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-medium">{t('admin.reportFileKept')}</p>
        <p className="break-all" dir="auto" data-testid="admin-report-file-name">{name}</p>
        <p className="text-muted-foreground" data-testid="admin-report-file-details">{file.contentType} · {formatSize(file.size, language)}</p>
      </div>
      <a
        href={adminApi.reportFileUrl(reportId)}
        download={name}
        className="inline-flex min-h-9 items-center gap-1.5 rounded-full border border-border bg-card px-3 font-medium hover:bg-muted"
        aria-label={t('documents.downloadName', { name })}
        data-testid="admin-report-file-download"
      >
        <Download className="size-3.5" aria-hidden="true" />
        {t('documents.download')}
      </a>
    </div>
  );
}
