import {
  Bell,
  Cable,
  ChartCandlestick,
  ChartColumnBig,
  DatabaseBackup,
  FileText,
  LayoutDashboard,
  Landmark,
  MonitorCog,
  ShieldCheck,
  SlidersHorizontal,
  FlaskConical,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { navLabels } from '../../config/messages';
import { paths } from '../../config/paths';

type NavKey = keyof typeof navLabels;

export type NavEntry =
  { kind: 'link'; key: NavKey; to: string; label: string; icon: LucideIcon } | { kind: 'refresh' };

interface LinkSpec {
  key: NavKey;
  icon: LucideIcon;
  adminOnly: boolean;
}

// trading.md §2, in the spec's order.
const links: LinkSpec[] = [
  { key: 'dashboard', icon: LayoutDashboard, adminOnly: false },
  { key: 'trades', icon: ChartCandlestick, adminOnly: false },
  { key: 'statistics', icon: ChartColumnBig, adminOnly: false },
  { key: 'settings', icon: SlidersHorizontal, adminOnly: true },
  // Beyond the spec (issue 6): read-only computation on the trader's own config, so for all.
  { key: 'backtest', icon: FlaskConical, adminOnly: false },
  { key: 'mt5', icon: MonitorCog, adminOnly: true },
  { key: 'bridge', icon: Cable, adminOnly: true },
  { key: 'alerts', icon: Bell, adminOnly: false },
  { key: 'reports', icon: FileText, adminOnly: false },
  // Issue 17: each person's own income tax from their own deals, so for every role.
  { key: 'taxes', icon: Landmark, adminOnly: false },
  // Issue 26: one's own accounts side by side, summed one currency at a time; for every role.
  { key: 'accounts', icon: Wallet, adminOnly: false },
  { key: 'backup', icon: DatabaseBackup, adminOnly: true },
  { key: 'users', icon: Users, adminOnly: true },
  { key: 'bridgeAdmin', icon: ShieldCheck, adminOnly: true },
];

/**
 * The menu for a role. 'Forçar Refresh' sits under the bridge-admin entry, or under /bridge's
 * slot when there is no bridge-admin entry; it is placed before role filtering, as the spec
 * reads, so for non-admins it lands between Estatísticas and Alertas.
 */
export function navEntriesFor(admin: boolean): NavEntry[] {
  const entries: (NavEntry & { adminOnly: boolean })[] = [];
  for (const { key, icon, adminOnly } of links) {
    entries.push({
      kind: 'link',
      key,
      to: paths[key].path,
      label: navLabels[key],
      icon,
      adminOnly,
    });
    const anchor = admin ? 'bridgeAdmin' : 'bridge';
    if (key === anchor) entries.push({ kind: 'refresh', adminOnly: false });
  }
  return entries
    .filter((entry) => admin || !entry.adminOnly)
    .map(({ adminOnly: _, ...entry }) => entry);
}
