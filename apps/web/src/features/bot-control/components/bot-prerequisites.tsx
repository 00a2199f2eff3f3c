import { Info } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { botControlTexts as t } from '../messages';

interface BotPrerequisitesProps {
  /** Admins connect MT5 on /mt5 (admin-only); traders pair their bridge on /welcome. */
  admin: boolean;
}

/** Shown while MT5 is not connected: what the bot needs before it can start. */
export function BotPrerequisites({ admin }: BotPrerequisitesProps) {
  const connection = admin ? t.prerequisites.connection.admin : t.prerequisites.connection.trader;
  const screen = admin ? paths.mt5 : paths.welcome;
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
        <li>
          {connection}{' '}
          <Link
            to={screen.path}
            className="font-medium text-primary underline-offset-2 hover:underline"
          >
            {screen.title}
          </Link>
        </li>
        {t.prerequisites.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}
