import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp } from 'lucide-react';
import type { CatalogKey, ConsoleEngine, TranslationBudgetLimits, TranslationConsole } from '@parley/common';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { errorMessage } from '../../lib/errorMessages.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { loadToast } from '../../lib/toaster.tsx';
import { adminApi } from './adminApi.ts';
import { CoverageGrid } from './CoverageGrid.tsx';

const ENGINE_NAMES: Record<string, string> = {
  apertium: 'Apertium', deepl: 'DeepL', libretranslate: 'LibreTranslate', openai: 'OpenAI', neural: 'Neural',
};
const engineName = (id: string) => ENGINE_NAMES[id] ?? id;

function status(e: ConsoleEngine): [CatalogKey, string] {
  if (!e.available) return ['admin.engineUnavailable', 'text-muted-foreground'];
  if (!e.on) return ['admin.engineOff', 'text-muted-foreground'];
  if (e.live === false || e.lastError) return ['admin.engineFailing', 'text-destructive'];
  return ['admin.engineLive', 'text-emerald-700 dark:text-emerald-400'];
}

/** The Translation tab (issue 34 item 4): engines in order with their health, coverage, usage and the budget. */
export function TranslationPanel() {
  const { t, language } = useI18n();
  const queryClient = useQueryClient();
  const view = useQuery({ queryKey: ['admin', 'translation'], queryFn: () => adminApi.translation() });
  const [shown, setShown] = useState('served');
  const onError = (error: unknown) => void loadToast().then((toast) => toast.error(errorMessage(error, t, 'general.errorServer')));
  const onSuccess = (data: TranslationConsole) => queryClient.setQueryData(['admin', 'translation'], data);
  const engines = useMutation({ mutationFn: ({ order, off }: { order: string[]; off: string[] }) => adminApi.setEngines(order, off), onSuccess, onError });
  const data = view.data;
  if (!data) return null;
  const built = data.engines.filter((e) => e.available);
  const order = built.map((e) => e.id);
  const off = built.filter((e) => !e.on).map((e) => e.id);
  const move = (i: number, by: number) => {
    const next = [...order];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    engines.mutate({ order: next, off });
  };
  const toggle = (id: string, on: boolean) => engines.mutate({ order, off: on ? off.filter((x) => x !== id) : [...off, id] });
  const grid = shown === 'served' ? data.served : (built.find((e) => e.id === shown)?.coverage ?? data.served);
  const number = (n: number) => n.toLocaleString(language);

  return (
    <div className="flex flex-col gap-6" data-testid="admin-translation">
      <section className="flex flex-col gap-2">
        <h2 className="text-sm font-semibold">{t('admin.translationEngines')}</h2>
        <p className="text-xs text-muted-foreground">{t('admin.translationEnginesHint')}</p>
        <ol className="flex flex-col divide-y divide-border rounded-lg border border-border bg-card text-sm">
          {data.engines.map((e, i) => {
            const [label, tone] = status(e);
            return (
              <li key={e.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2" data-testid="admin-engine" data-engine={e.id} data-on={e.on}>
                <span className="w-5 text-muted-foreground">{e.available ? i + 1 : '–'}</span>
                <span className="min-w-0 flex-1 font-medium">{engineName(e.id)}</span>
                <span className={`text-xs ${tone}`} title={e.reason ?? e.detail} data-testid="admin-engine-status">{t(label)}</span>
                {e.available && (
                  <span className="flex items-center gap-1">
                    <Button
                      variant="ghost" size="icon" disabled={i === 0 || engines.isPending} onClick={() => move(i, -1)}
                      aria-label={t('admin.engineMoveUp', { engine: engineName(e.id) })} data-testid="admin-engine-up"
                    >
                      <ArrowUp className="size-4" />
                    </Button>
                    <Button
                      variant="ghost" size="icon" disabled={i === built.length - 1 || engines.isPending} onClick={() => move(i, 1)}
                      aria-label={t('admin.engineMoveDown', { engine: engineName(e.id) })} data-testid="admin-engine-down"
                    >
                      <ArrowDown className="size-4" />
                    </Button>
                  </span>
                )}
                <label className="flex items-center gap-1.5 text-xs">
                  <input
                    type="checkbox" checked={e.on} disabled={!e.available || engines.isPending}
                    onChange={(ev) => toggle(e.id, ev.target.checked)} data-testid="admin-engine-on"
                  />
                  {t('admin.engineOn')}
                </label>
                {e.lastError && (
                  <p className="w-full break-words text-xs text-destructive" dir="auto">
                    {t('admin.engineLastError', { time: new Date(e.lastError.at).toLocaleString(language), message: e.lastError.message })}
                  </p>
                )}
                {!e.available && <p className="w-full text-xs text-muted-foreground">{t('admin.engineUnavailableHint')} <code>{e.reason}</code></p>}
              </li>
            );
          })}
        </ol>
      </section>

      <section className="flex flex-col gap-2">
        <h2 className="text-sm font-semibold">{t('admin.coverageTitle')}</h2>
        <select
          className="h-10 max-w-xs rounded-md border border-input bg-background px-3 text-sm" value={shown}
          onChange={(e) => setShown(e.target.value)} aria-label={t('admin.coverageTitle')} data-testid="admin-coverage-engine"
        >
          <option value="served">{t('admin.coverageServed')}</option>
          {built.map((e) => <option key={e.id} value={e.id}>{engineName(e.id)}</option>)}
        </select>
        <p className="text-xs text-muted-foreground">{t('admin.coverageHint')}</p>
        <CoverageGrid languages={data.languages} rows={grid} testId="admin-coverage" />
      </section>

      <section className="flex flex-col gap-2">
        <h2 className="text-sm font-semibold">{t('admin.usageTitle')}</h2>
        {data.usage.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="admin-usage-empty">{t('admin.usageEmpty')}</p>
        ) : (
          <table className="w-full max-w-lg text-sm" data-testid="admin-usage">
            <thead className="text-xs text-muted-foreground">
              <tr>
                <th className="py-1 text-start font-normal">{t('admin.usageDay')}</th>
                <th className="py-1 text-start font-normal">{t('admin.usageEngine')}</th>
                <th className="py-1 text-end font-normal">{t('admin.usageChars')}</th>
              </tr>
            </thead>
            <tbody>
              {data.usage.map((u) => (
                <tr key={`${u.day}:${u.engine}`} className="border-t border-border" data-testid="admin-usage-row" data-engine={u.engine}>
                  <td className="py-1">{new Date(`${u.day}T12:00:00Z`).toLocaleDateString(language)}</td>
                  <td className="py-1">{engineName(u.engine)}</td>
                  <td className="py-1 text-end tabular-nums">{number(u.chars)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <BudgetForm key={`${data.budget.charsPerMinute}:${data.budget.charsPerDay}`} budget={data.budget} onSaved={onSuccess} onError={onError} />
    </div>
  );
}

function BudgetForm({ budget, onSaved, onError }: {
  budget: TranslationConsole['budget']; onSaved: (data: TranslationConsole) => void; onError: (error: unknown) => void;
}) {
  const { t, language } = useI18n();
  const [minute, setMinute] = useState(String(budget.charsPerMinute));
  const [day, setDay] = useState(String(budget.charsPerDay));
  const save = useMutation({ mutationFn: (limits: TranslationBudgetLimits) => adminApi.setBudget(limits), onSuccess: onSaved, onError });
  const values = { charsPerMinute: Number(minute), charsPerDay: Number(day) };
  const valid = Number.isInteger(values.charsPerMinute) && values.charsPerMinute > 0 && Number.isInteger(values.charsPerDay) && values.charsPerDay >= values.charsPerMinute;
  return (
    <form
      className="flex flex-col gap-2" data-testid="admin-budget"
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) save.mutate(values);
      }}
    >
      <h2 className="text-sm font-semibold">{t('admin.budgetTitle')}</h2>
      <p className="text-xs text-muted-foreground">{t('admin.budgetHint')}</p>
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-xs">
          {t('admin.budgetPerMinute')}
          <Input type="number" min={1} inputMode="numeric" className="w-40" value={minute} onChange={(e) => setMinute(e.target.value)} data-testid="admin-budget-minute" />
        </label>
        <label className="flex flex-col gap-1 text-xs">
          {t('admin.budgetPerDay')}
          <Input type="number" min={1} inputMode="numeric" className="w-40" value={day} onChange={(e) => setDay(e.target.value)} data-testid="admin-budget-day" />
        </label>
        <Button type="submit" disabled={!valid || save.isPending} data-testid="admin-budget-save">{t('general.save')}</Button>
      </div>
      {!valid && <p className="text-xs text-destructive">{t('admin.budgetInvalid')}</p>}
      <p className="text-xs text-muted-foreground">
        {t('admin.budgetDefaults', { minute: budget.defaults.charsPerMinute.toLocaleString(language), day: budget.defaults.charsPerDay.toLocaleString(language) })}
      </p>
    </form>
  );
}
