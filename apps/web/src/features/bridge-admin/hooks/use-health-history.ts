import { HEALTH_HISTORY_SAMPLES, type BridgeHealth } from '@vortex/core';
import { useState } from 'react';

export interface HealthSample {
  at: number;
  ws_users: number;
  ws_connections: number;
  active_sessions: number;
  agents_connected: number;
}

interface History {
  /** The dataUpdatedAt of the last answer taken in, so each answer counts once. */
  takenAt: number;
  samples: HealthSample[];
}

/** §9: the last 50 health answers, kept in the browser for the two mini charts. */
export function useHealthHistory(health: BridgeHealth | undefined, updatedAt: number) {
  const [history, setHistory] = useState<History>({ takenAt: 0, samples: [] });
  // Derived while rendering (React's "adjusting state when a prop changes"), not in an effect.
  if (health && updatedAt !== history.takenAt) {
    const sample: HealthSample = {
      at: updatedAt,
      ws_users: health.ws_users,
      ws_connections: health.ws_connections,
      active_sessions: health.active_sessions,
      agents_connected: health.agents_connected,
    };
    setHistory({
      takenAt: updatedAt,
      samples: [...history.samples, sample].slice(-HEALTH_HISTORY_SAMPLES),
    });
  }
  return history.samples;
}
