import { useState, type ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import type { Confirm } from '../hooks/use-confirm';
import type { useUserLists } from '../hooks/use-user-lists';
import { usersTexts as t } from '../messages';
import { ActiveUsersTable } from './active-users-table';
import { PendingUsersTable } from './pending-users-table';
import { UserFilters } from './user-filters';

type Tab = 'pending' | 'active';

interface UsersTabsProps {
  lists: ReturnType<typeof useUserLists>;
  /** False until the list arrives: an empty table would claim there is nobody. */
  loaded: boolean;
  placeholder: ReactNode;
  refreshing: boolean;
  onRefresh: () => void;
  selfId: number | undefined;
  confirm: Confirm;
}

const Count = ({ value }: { value: number }) => (
  <span className="grid h-5 min-w-5 place-items-center rounded-full bg-primary px-1.5 text-[11px] font-semibold text-primary-foreground tabular-nums">
    {value}
  </span>
);

/** Pending (the default, §9) and active users, under one set of filters. */
export function UsersTabs(props: UsersTabsProps) {
  const { lists, loaded, placeholder, confirm } = props;
  const [tab, setTab] = useState<Tab>('pending');
  return (
    <Card className="overflow-hidden">
      <Tabs
        value={tab}
        onValueChange={(value) => {
          setTab(value as Tab);
        }}
      >
        <div className="space-y-4 border-b border-border p-4 sm:p-5">
          <TabsList aria-label={t.tabsLabel}>
            <TabsTrigger value="pending">
              {t.tabPending}
              <Count value={lists.pending.length} />
            </TabsTrigger>
            <TabsTrigger value="active">{t.tabActive}</TabsTrigger>
          </TabsList>
          <UserFilters
            filters={lists.filters}
            onChange={lists.setFilters}
            onRefresh={props.onRefresh}
            refreshing={props.refreshing}
          />
        </div>
        <TabsContent value="pending">
          {loaded ? <PendingUsersTable users={lists.pending} confirm={confirm} /> : placeholder}
        </TabsContent>
        <TabsContent value="active">
          {loaded ? (
            <ActiveUsersTable users={lists.active} selfId={props.selfId} confirm={confirm} />
          ) : (
            placeholder
          )}
        </TabsContent>
      </Tabs>
    </Card>
  );
}
