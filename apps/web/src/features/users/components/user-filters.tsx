import { ROLES, roleLabels } from '@vortex/core';
import { RefreshCw, Search } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { cn } from '../../../lib/cn';
import { usersTexts as t } from '../messages';
import type { UserFilters as Filters } from '../utils/filter-users';

interface UserFiltersProps {
  filters: Filters;
  onChange: (filters: Filters) => void;
  onRefresh: () => void;
  refreshing: boolean;
}

/** §2: search, role, status, account type and a refresh button. */
export function UserFilters({ filters, onChange, onRefresh, refreshing }: UserFiltersProps) {
  const set = <K extends keyof Filters>(key: K, value: Filters[K]) => {
    onChange({ ...filters, [key]: value });
  };
  return (
    <div
      role="search"
      aria-label={t.filtersLabel}
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto] lg:items-end"
    >
      <div className="space-y-1.5 sm:col-span-2 lg:col-span-1">
        <Label htmlFor="users-search">{t.search}</Label>
        <div className="relative">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id="users-search"
            type="search"
            className="pl-9"
            placeholder={t.searchPlaceholder}
            value={filters.search}
            onChange={(event) => {
              set('search', event.target.value);
            }}
          />
        </div>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="users-role">{t.role}</Label>
        <NativeSelect
          id="users-role"
          value={filters.role}
          onChange={(event) => {
            set('role', event.target.value as Filters['role']);
          }}
        >
          <option value="all">{t.allRoles}</option>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {roleLabels[role]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="users-status">{t.status}</Label>
        <NativeSelect
          id="users-status"
          value={filters.status}
          onChange={(event) => {
            set('status', event.target.value as Filters['status']);
          }}
        >
          <option value="all">{t.allStatuses}</option>
          <option value="pending">{t.badge.pending}</option>
          <option value="active">{t.badge.active}</option>
          <option value="suspended">{t.badge.suspended}</option>
        </NativeSelect>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="users-type">{t.accountType}</Label>
        <NativeSelect
          id="users-type"
          value={filters.accountType}
          onChange={(event) => {
            set('accountType', event.target.value as Filters['accountType']);
          }}
        >
          <option value="all">{t.allAccountTypes}</option>
          <option value="REAL">REAL</option>
          <option value="DEMO">DEMO</option>
        </NativeSelect>
      </div>
      <Button variant="outline" onClick={onRefresh} disabled={refreshing}>
        <RefreshCw className={cn(refreshing && 'animate-spin')} />
        {t.refresh}
      </Button>
    </div>
  );
}
