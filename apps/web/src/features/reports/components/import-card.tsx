import { REPORT_IMPORT_ACCEPT } from '@vortex/core';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, LayoutDashboard, Upload } from 'lucide-react';
import { useId, useState, type SyntheticEvent } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { accountLabel, useChooseAccount } from '../../../lib/accounts';
import { importReport, type ImportResult, type ImportStage } from '../api/import-report';
import { importTexts as t } from '../import-messages';

type State =
  | { kind: 'idle' }
  | { kind: 'busy'; stage: ImportStage }
  | { kind: 'done'; result: ImportResult }
  | { kind: 'failed'; message: string };

const STAGE_TEXT: Record<ImportStage['phase'], string> = {
  uploading: t.uploading,
  reading: t.reading,
  storing: t.storing,
};

/**
 * Upload first (half the bar), then the server's own 0–100 (reading, then storing): each part
 * only grows, so the bar never goes back and never passes 100 %.
 */
function barValue(stage: ImportStage): number | undefined {
  if (stage.phase === 'uploading') return Math.round(Math.min(Math.max(stage.fraction, 0), 1) * 50);
  return stage.percent === null ? undefined : 50 + Math.round(stage.percent / 2);
}

function ProgressBar({ stage }: { stage: ImportStage }) {
  const value = barValue(stage);
  return (
    <div className="space-y-2" role="status">
      <div className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        <span>{STAGE_TEXT[stage.phase]}</span>
        {value !== undefined && <span className="ml-auto tabular-nums">{value}%</span>}
      </div>
      <div
        role="progressbar"
        aria-label={t.progress}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={STAGE_TEXT[stage.phase]}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className={
            value === undefined
              ? 'h-full w-1/3 animate-pulse rounded-full bg-primary'
              : 'h-full rounded-full bg-primary transition-[width] duration-200'
          }
          style={value === undefined ? undefined : { width: `${value}%` }}
        />
      </div>
    </div>
  );
}

function Result({ result }: { result: ImportResult }) {
  const choose = useChooseAccount();
  const navigate = useNavigate();
  const { account } = result;
  const open = () =>
    choose.mutate(account.id, { onSuccess: () => void navigate(paths.dashboard.path) });
  return (
    <Alert variant="success" className="flex-wrap items-center">
      <CircleCheck aria-hidden />
      <div className="min-w-56 flex-1 space-y-0.5">
        <p className="font-medium">{t.done}</p>
        <p>{t.account(accountLabel(account))}</p>
        {result.merged && account.kind === 'live' && <p>{t.intoConnected}</p>}
        <p>{result.summary}</p>
        <p>{t.positions(result.positions)}</p>
      </div>
      <Button onClick={open} disabled={choose.isPending}>
        {choose.isPending ? <Spinner /> : <LayoutDashboard aria-hidden />}
        {t.openDashboard}
      </Button>
    </Alert>
  );
}

/** /reports' 'Importar relatório do MT5' (issue 16): the terminal's own files into Vórtex. */
export function ImportCard() {
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const client = useQueryClient();
  const inputId = useId();
  const busy = state.kind === 'busy';

  const submit = (e: SyntheticEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!file || busy) return;
    setState({ kind: 'busy', stage: { phase: 'uploading', fraction: 0 } });
    importReport(file, (stage) => setState({ kind: 'busy', stage }))
      .then(async (result) => {
        setState({ kind: 'done', result });
        // The screens may now read another account (the newest when none was chosen).
        await client.invalidateQueries();
      })
      .catch((err: unknown) =>
        setState({ kind: 'failed', message: err instanceof Error ? err.message : t.failed }),
      );
  };

  return (
    <Card role="region" aria-labelledby="reports-import-title" className="space-y-4 p-5">
      <div className="space-y-1">
        <h2 id="reports-import-title" className="text-lg font-semibold tracking-tight">
          {t.title}
        </h2>
        <p className="text-sm text-muted-foreground">{t.description}</p>
      </div>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <div className="min-w-64 flex-1 space-y-1">
          <label htmlFor={inputId} className="text-sm font-medium">
            {t.file}
          </label>
          <input
            id={inputId}
            type="file"
            accept={REPORT_IMPORT_ACCEPT}
            disabled={busy}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setState({ kind: 'idle' });
            }}
            className="block w-full rounded-lg border border-input bg-background text-sm file:mr-3 file:border-0 file:border-r file:border-input file:bg-muted file:px-3 file:py-2 file:text-sm file:font-medium"
          />
          <p className="text-xs text-muted-foreground">{t.hint}</p>
        </div>
        <Button type="submit" disabled={!file || busy} className="min-w-36">
          {busy ? <Spinner /> : <Upload aria-hidden />}
          {t.submit}
        </Button>
      </form>
      {state.kind === 'busy' && <ProgressBar stage={state.stage} />}
      {state.kind === 'done' && <Result result={state.result} />}
      {state.kind === 'failed' && (
        <Alert variant="error">
          <CircleAlert aria-hidden />
          <div>
            <p className="font-medium">{t.failed}</p>
            <p>{state.message}</p>
          </div>
        </Alert>
      )}
    </Card>
  );
}
