import { X } from 'lucide-react';
import { cn } from '../../../lib/cn';
import type { Notice } from '../hooks/use-notice';
import { botConfigTexts as t } from '../messages';

const tones: Record<Notice['tone'], string> = {
  success: 'border-success/40 bg-success/10',
  warning: 'border-amber-500/40 bg-amber-500/10',
  error: 'border-destructive/40 bg-destructive/10 text-destructive',
};

/** The screen's status notice; the text carries its own ✅ ⚠️ ❌ as in trading.md §8. */
export function NoticeBanner({ notice, onDismiss }: { notice: Notice; onDismiss: () => void }) {
  return (
    <div
      role={notice.tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'flex min-w-0 flex-1 items-center gap-3 rounded-lg border px-4 py-2 text-sm font-medium',
        tones[notice.tone],
      )}
    >
      <span className="flex-1">{notice.text}</span>
      <button
        type="button"
        aria-label={t.dismiss}
        className="rounded p-0.5 opacity-70 hover:opacity-100"
        onClick={onDismiss}
      >
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}
