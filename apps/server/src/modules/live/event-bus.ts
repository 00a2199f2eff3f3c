import type { BridgeEvent, BridgeEventInput } from '@vortex/core';

export type EventListener = (e: BridgeEvent) => void;

/**
 * Where bridge events are published and heard. In one process this is all there is; with
 * several instances a shared transport carries each event to every instance's listeners.
 */
export interface EventBus {
  publish: (e: BridgeEventInput) => void;
  subscribe: (listener: EventListener) => () => void;
  /** Events published through this instance since it started. */
  readonly published: number;
  close: () => Promise<void>;
}

/**
 * Stamps an event with an increasing id and the time. Instances sharing a bus each take ids
 * `n * stride + offset` with their own offset, so no two instances hand out the same id.
 */
export function stamper(offset = 0, stride = 1): (e: BridgeEventInput) => BridgeEvent {
  let next = 1;
  return (e) => ({ ...e, id: next++ * stride + offset, at: new Date().toISOString() });
}

export class MemoryEventBus implements EventBus {
  private readonly listeners = new Set<EventListener>();
  private readonly stamp = stamper();
  published = 0;

  publish(input: BridgeEventInput): void {
    this.published++;
    this.deliver(this.stamp(input));
  }

  /** Hands an already-stamped event to the listeners here (also used by shared transports). */
  deliver(e: BridgeEvent): void {
    for (const listener of this.listeners) {
      // One broken listener must not keep the event from the others.
      try {
        listener(e);
      } catch {
        /* the listener's own connection handles its failure */
      }
    }
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): Promise<void> {
    this.listeners.clear();
    return Promise.resolve();
  }
}
