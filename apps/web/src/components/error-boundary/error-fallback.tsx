import { RotateCw, TriangleAlert } from 'lucide-react';
import { shellMessages } from '../../config/messages';
import { errorText } from '../../lib/client-log';
import { Button } from '../ui/button';

/** The crash screen (access-and-admin.md §2): what happened and a way out. */
export function ErrorFallback({ error }: { error: unknown }) {
  return (
    <main role="alert" className="flex min-h-dvh items-center justify-center bg-background p-4">
      <div className="w-full max-w-lg space-y-5 rounded-xl border border-border bg-card p-8 text-card-foreground shadow-sm">
        <div className="flex items-center gap-3">
          <span className="grid size-10 place-items-center rounded-full bg-destructive/10 text-destructive">
            <TriangleAlert aria-hidden className="size-5" />
          </span>
          <h1 className="text-xl font-semibold">{shellMessages.crashTitle}</h1>
        </div>
        <pre className="max-h-48 overflow-auto rounded-lg bg-muted p-3 font-mono text-xs whitespace-pre-wrap text-muted-foreground">
          {errorText(error)}
        </pre>
        <p className="text-sm text-muted-foreground">{shellMessages.crashHint}</p>
        <Button
          onClick={() => {
            window.location.reload();
          }}
        >
          <RotateCw />
          {shellMessages.reload}
        </Button>
      </div>
    </main>
  );
}
