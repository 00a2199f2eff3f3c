import type { BridgeEvent, BridgeEventInput } from '@vortex/core';
import { MemoryEventBus, stamper, type EventBus, type EventListener } from '../live/event-bus.js';
import type { RedisLink } from './redis-link.js';

const CHANNEL = 'events';

interface Envelope {
  from: string;
  event: BridgeEvent;
}

/**
 * The event bus shared by every instance on one Redis: an event published here reaches this
 * instance's listeners at once and the others' through Redis pub/sub, so a browser on instance B
 * hears the agent connected to instance A. Delivery is at most once, like the in-memory bus;
 * the screens fall back to polling when a channel misses events.
 */
export class RedisEventBus implements EventBus {
  private readonly local = new MemoryEventBus();
  private readonly stamp = stamper();
  published = 0;

  private constructor(private readonly link: RedisLink) {}

  static async open(link: RedisLink): Promise<RedisEventBus> {
    const bus = new RedisEventBus(link);
    await link.subscribe(CHANNEL, (message) => bus.receive(message));
    return bus;
  }

  publish(input: BridgeEventInput): void {
    this.published++;
    const event = this.stamp(input);
    this.local.deliver(event);
    const envelope: Envelope = { from: this.link.instance, event };
    this.link.publish(CHANNEL, JSON.stringify(envelope));
  }

  subscribe(listener: EventListener): () => void {
    return this.local.subscribe(listener);
  }

  close(): Promise<void> {
    return this.local.close();
  }

  private receive(message: string): void {
    const envelope = JSON.parse(message) as Envelope;
    // Our own events were delivered here when published.
    if (envelope.from === this.link.instance) return;
    this.local.deliver(envelope.event);
  }
}
