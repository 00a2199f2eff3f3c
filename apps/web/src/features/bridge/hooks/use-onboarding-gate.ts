import { onboardingState } from '@vortex/core';
import { useCallback, useEffect, useState } from 'react';
import { isOnboardingCompleted, storageKeys, writeLocal } from '../../../lib/storage';
import { ONBOARDING_RECHECK_MS, useMyBridges } from '../api/bridge-queries';

export interface OnboardingGate {
  /** The overlay is up (and the sidebar forced beside it). */
  pending: boolean;
  /** Onboarding finished in this tab: remembered here; the server already knows it. */
  complete: () => void;
}

function remember(): void {
  writeLocal(storageKeys.onboardingCompleted, 'true');
}

/**
 * Whether the onboarding overlay is up (access-and-admin.md §4). Completion is the user's, not the
 * browser's: without the local flag the server is asked first (a fresh answer, never a cached one
 * from before a pairing on /welcome), and the overlay only opens when neither the server remembers
 * a completion nor the rule holds now.
 */
export function useOnboardingGate(applies: boolean): OnboardingGate {
  const [done, setDone] = useState(isOnboardingCompleted);
  const [shown, setShown] = useState(false);
  const bridges = useMyBridges(ONBOARDING_RECHECK_MS, applies && !done && !shown);
  // A fresh answer: fetched since mount, or cached under the query's 2 s staleness.
  const answered = !bridges.isFetching && (bridges.isFetchedAfterMount || !bridges.isStale);

  // Decided once, during render (React's "adjust state on a prop change"), from a fresh answer.
  if (applies && !done && !shown && answered) {
    const data = bridges.data;
    const complete =
      data !== undefined &&
      (data.onboarding_completed === true ||
        onboardingState(data.items, bridges.dataUpdatedAt).complete);
    if (complete) setDone(true);
    else setShown(true);
  }
  useEffect(() => {
    if (done) remember();
  }, [done]);

  // Stable: the overlay's self-closing timer depends on it.
  const complete = useCallback(() => {
    setDone(true);
  }, []);
  return { pending: applies && !done && shown, complete };
}
