import { Activity, Clock, UserCheck, Users, type LucideIcon } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { usersTexts as t } from '../messages';
import type { UserStats } from '../utils/user-stats';

const cards: { key: keyof UserStats; label: string; Icon: LucideIcon; tone: string }[] = [
  { key: 'total', label: t.stats.total, Icon: Users, tone: 'bg-primary/10 text-primary' },
  {
    key: 'pending',
    label: t.stats.pending,
    Icon: Clock,
    tone: 'bg-amber-500/10 text-amber-600 dark:text-amber-300',
  },
  { key: 'active', label: t.stats.active, Icon: UserCheck, tone: 'bg-success/10 text-success' },
  {
    key: 'onlineToday',
    label: t.stats.onlineToday,
    Icon: Activity,
    tone: 'bg-sky-500/10 text-sky-600 dark:text-sky-300',
  },
];

/** §2's four statistics, over the whole list (filters do not change them). */
export function UserStatsCards({ stats }: { stats: UserStats | null }) {
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
      {cards.map(({ key, label, Icon, tone }) => (
        <li key={key}>
          <Card className="flex items-center gap-3 p-4 sm:p-5">
            <span className={`grid size-10 shrink-0 place-items-center rounded-lg ${tone}`}>
              <Icon aria-hidden className="size-5" />
            </span>
            <div className="min-w-0">
              <p className="text-xs leading-snug font-medium text-muted-foreground sm:text-sm">
                {label}
              </p>
              <p className="text-2xl font-semibold tabular-nums" data-testid={`stat-${key}`}>
                {stats ? stats[key] : '—'}
              </p>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
