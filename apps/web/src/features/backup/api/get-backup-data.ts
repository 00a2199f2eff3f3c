import { endpoints } from '@vortex/core';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { backupKeys } from './backup-keys';

export function useBackupConfig() {
  return useQuery({
    queryKey: backupKeys.config,
    queryFn: async () => (await callEndpoint(endpoints.backup.config)).data,
    // The tabs edit a copy taken once: a refetch must not overwrite typing.
    staleTime: Infinity,
  });
}

export function useBackupList() {
  return useQuery({
    queryKey: backupKeys.list,
    queryFn: async () => (await callEndpoint(endpoints.backup.list)).data,
  });
}

/** Polled every 2 s while a backup runs (its progress), every 30 s otherwise. */
export function useBackupStats(running: boolean) {
  return useQuery({
    queryKey: backupKeys.stats,
    queryFn: async () => (await callEndpoint(endpoints.backup.stats)).data,
    refetchInterval: (q) => (running || q.state.data?.progress != null ? 2_000 : 30_000),
  });
}
