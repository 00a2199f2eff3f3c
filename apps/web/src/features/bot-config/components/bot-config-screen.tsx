import { DEFAULT_BOT_CONFIG, type StrategyKey } from '@vortex/core';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/session';
import { useBotConfig } from '../api/get-bot-config';
import { botConfigTexts as t } from '../messages';
import { BotConfigForm } from './bot-config-form';

/**
 * 'Parametrização VórtexBot' (trading.md §2): general settings and the seven strategy cards.
 * A failed load edits the defaults, saying so; a viewer reads but cannot save.
 */
export function BotConfigScreen({ focus }: { focus?: StrategyKey }) {
  const query = useBotConfig();
  const readOnly = useCurrentUser()?.role === 'viewer';
  return (
    <section className="mx-auto w-full max-w-6xl space-y-6">
      <title>{`${paths.settings.title} · Vórtex`}</title>
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {paths.settings.title}
        </h1>
        <p className="text-sm text-muted-foreground">{focus ? t.focused : t.subtitle}</p>
      </header>
      {query.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          {t.loading}
        </p>
      ) : (
        <BotConfigForm
          initial={query.data ?? DEFAULT_BOT_CONFIG}
          loaded={query.isSuccess}
          readOnly={readOnly}
          focus={focus}
        />
      )}
    </section>
  );
}
