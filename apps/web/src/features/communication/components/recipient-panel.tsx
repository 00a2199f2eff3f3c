import type { PublicUser } from '@vortex/core';
import { Search, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate } from '../utils/format';
import { filterRecipients, idsOfType } from '../utils/recipients';
import { commTexts as t } from '../messages';

interface RecipientPanelProps {
  users: PublicUser[] | undefined;
  loadError: string | null;
  selected: number[];
  onChange: (ids: number[]) => void;
}

/** §2: All, Select all, Demo only, Real only, Clear; chips; a search; the scrolling user list. */
export function RecipientPanel({ users, loadError, selected, onChange }: RecipientPanelProps) {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const list = users ?? [];
  const shown = filterRecipients(list, query);
  const chosen = new Set(selected);
  const byId = new Map(list.map((u) => [u.id, u]));
  const toggle = (id: number) =>
    onChange(chosen.has(id) ? selected.filter((x) => x !== id) : [...selected, id]);

  return (
    <section
      aria-label={t.recipients}
      className="flex min-h-0 flex-col gap-3 rounded-xl border border-border bg-card p-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">{t.recipients}</h3>
        <p className="text-xs text-muted-foreground">{t.recipientsHint}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant={selected.length === 0 ? 'default' : 'outline'}
          onClick={() => onChange([])}
        >
          {t.all}
        </Button>
        <Button size="sm" variant="outline" onClick={() => onChange(shown.map((u) => u.id))}>
          {t.selectAll}
        </Button>
        <Button size="sm" variant="outline" onClick={() => onChange(idsOfType(list, 'DEMO'))}>
          {t.demoOnly}
        </Button>
        <Button size="sm" variant="outline" onClick={() => onChange(idsOfType(list, 'REAL'))}>
          {t.realOnly}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            onChange([]);
            setQuery('');
          }}
        >
          {t.clear}
        </Button>
      </div>
      {selected.length > 0 && (
        <ul
          aria-label={t.selectedUsers(selected.length)}
          className="flex max-h-24 flex-wrap gap-1.5 overflow-y-auto"
        >
          {selected.map((id) => (
            <li key={id}>
              <Badge variant="primary" className="py-1 pr-1">
                {byId.get(id)?.username ?? `#${id}`}
                <button
                  type="button"
                  aria-label={t.remove(byId.get(id)?.username ?? `#${id}`)}
                  className="rounded-full p-0.5 hover:bg-primary/20"
                  onClick={() => toggle(id)}
                >
                  <X aria-hidden className="size-3" />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      )}
      <div className="space-y-1.5">
        <Label htmlFor={searchId} className="sr-only">
          {t.searchUsers}
        </Label>
        <div className="relative">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={searchId}
            type="search"
            className="pl-9"
            placeholder={t.searchPlaceholder}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
      </div>
      <div className="min-h-40 flex-1 overflow-y-auto rounded-lg border border-border lg:max-h-[22rem]">
        {users === undefined && !loadError && (
          <p
            role="status"
            className="flex items-center justify-center gap-2 p-6 text-sm text-muted-foreground"
          >
            <Spinner className="size-4" /> {t.loadingUsers}
          </p>
        )}
        {loadError && <p className="p-6 text-center text-sm text-destructive">{loadError}</p>}
        {users !== undefined && shown.length === 0 && (
          <p className="p-6 text-center text-sm text-muted-foreground">{t.noMatch}</p>
        )}
        <ul aria-label={t.usersList} className="divide-y divide-border">
          {shown.map((u) => (
            <li key={u.id}>
              <label className="flex cursor-pointer items-start gap-3 px-3 py-2.5 hover:bg-muted/60">
                <input
                  type="checkbox"
                  className="mt-1 size-4 accent-[var(--color-primary)]"
                  checked={chosen.has(u.id)}
                  onChange={() => toggle(u.id)}
                  aria-label={u.username}
                />
                <span className="min-w-0 flex-1 space-y-0.5">
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{u.username}</span>
                    <Badge
                      variant={u.account_type.toUpperCase() === 'DEMO' ? 'warning' : 'success'}
                    >
                      {u.account_type.toUpperCase()}
                    </Badge>
                  </span>
                  <span className="block truncate text-xs text-muted-foreground">{u.email}</span>
                  <span className="block text-xs text-muted-foreground">
                    {u.phone ?? t.noPhone} · ID {u.id} · {t.createdAt} {formatDate(u.created_at)}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
