import { Info } from 'lucide-react';
import { botControlTexts as t } from '../messages';

/** Shown while MT5 is not connected: what the bot needs before it can start. */
export function BotPrerequisites() {
  return (
    <div
      role="note"
      className="rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-foreground"
    >
      <p className="flex items-center gap-2 font-medium">
        <Info aria-hidden className="size-4 text-amber-600 dark:text-amber-300" />
        {t.prerequisites.title}
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-6 text-muted-foreground">
        {t.prerequisites.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}
