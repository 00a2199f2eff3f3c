import { useEffect, useState } from 'react';
import { readLocal, writeLocal } from '../../../lib/storage';
import { parseStoredFilters, type TradesFilters } from '../utils/trades-filters';

/** This screen's own local storage key (§2: the filters persist). */
export const TRADES_FILTERS_KEY = 'trades_filters';

/** The filters, read once from local storage and written back on every change. */
export function useTradesFilters() {
  const [filters, setFilters] = useState<TradesFilters>(() =>
    parseStoredFilters(readLocal(TRADES_FILTERS_KEY)),
  );
  useEffect(() => {
    writeLocal(TRADES_FILTERS_KEY, JSON.stringify(filters));
  }, [filters]);
  /** Changing a filter other than the page starts again at page 1. */
  const update = (change: Partial<TradesFilters>) => {
    setFilters((old) => ({ ...old, page: 1, ...change }));
  };
  return { filters, update, replace: setFilters };
}
