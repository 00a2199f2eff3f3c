import { AUDIT_PAGE_SIZES, BRIDGE_LIFECYCLE_EVENTS } from '@vortex/core';
import { Search, X } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import type { AuditFilters as Filters } from '../api/audit';
import { bridgeAdminTexts as t } from '../messages';
import { localInputToIso } from '../utils/time';

/** Audit actions besides the lifecycle events, offered as suggestions for event_type. */
const EVENT_SUGGESTIONS = [
  ...BRIDGE_LIFECYCLE_EVENTS,
  'bridge_token_created',
  'bridge_cleanup',
  'bridge_installer_created',
];

const EMPTY = { userId: '', eventType: '', from: '', to: '' };

function toFilters(draft: typeof EMPTY): Filters {
  const filters: Filters = {};
  const userId = draft.userId.trim();
  if (/^\d{1,15}$/.test(userId)) filters.user_id = Number(userId);
  const eventType = draft.eventType.trim();
  if (eventType) filters.event_type = eventType;
  const from = localInputToIso(draft.from);
  if (from) filters.from = from;
  const to = localInputToIso(draft.to);
  if (to) filters.to = to;
  return filters;
}

interface AuditFiltersProps {
  pageSize: number;
  onSearch: (filters: Filters) => void;
  onPageSize: (size: number) => void;
}

/** §2: user_id, event_type, from and to apply on 'Buscar'; the page size applies at once. */
export function AuditFilters({ pageSize, onSearch, onPageSize }: AuditFiltersProps) {
  const form = useForm({ defaultValues: EMPTY });
  const field = (key: keyof typeof EMPTY) => ({ id: `audit-${key}`, ...form.register(key) });
  const submit = form.handleSubmit((draft) => {
    onSearch(toFilters(draft));
  });
  return (
    <form
      role="search"
      aria-label={t.audit.filtersLabel}
      onSubmit={(event) => void submit(event)}
      className="grid gap-3 border-b border-border p-4 sm:grid-cols-2 sm:p-5 lg:grid-cols-3 lg:items-end 2xl:grid-cols-[8rem_minmax(0,1fr)_repeat(2,minmax(0,13rem))_7rem_auto]"
    >
      <div className="space-y-1.5">
        <Label htmlFor="audit-userId">{t.audit.userId}</Label>
        <Input {...field('userId')} inputMode="numeric" autoComplete="off" />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="audit-eventType">{t.audit.eventType}</Label>
        <Input
          {...field('eventType')}
          list="audit-event-types"
          autoComplete="off"
          placeholder={t.audit.eventTypePlaceholder}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="audit-from">{t.audit.from}</Label>
        <Input {...field('from')} type="datetime-local" />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="audit-to">{t.audit.to}</Label>
        <Input {...field('to')} type="datetime-local" />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="audit-page-size">{t.audit.pageSize}</Label>
        <NativeSelect
          id="audit-page-size"
          value={pageSize}
          onChange={(event) => {
            onPageSize(Number(event.target.value));
          }}
        >
          {AUDIT_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex gap-2">
        <Button type="submit">
          <Search />
          {t.audit.search}
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-10"
          aria-label={t.audit.clear}
          title={t.audit.clear}
          onClick={() => {
            form.reset(EMPTY);
            onSearch({});
          }}
        >
          <X />
        </Button>
      </div>
      {/* Outside the field's box: as its last child it would take a margin and push the label up. */}
      <datalist id="audit-event-types">
        {EVENT_SUGGESTIONS.map((type) => (
          <option key={type} value={type} />
        ))}
      </datalist>
    </form>
  );
}
