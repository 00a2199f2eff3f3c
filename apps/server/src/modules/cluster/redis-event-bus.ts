import type { BridgeEvent, BridgeEventInput } from '@vortex/core';
import { MemoryEventBus, stamper, type EventBus, type EventListener } from '../live/event-bus.js';
import type { RedisLink } from './redis-link.js';

const CHANNEL = 'events';
/** Instances started since the slots last wrapped must be 1,024 apart to share a slot. */
const ID_SLOTS = 1024;

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
  private readonly stamp: ReturnType<typeof stamper>;
  published = 0;

  private constructor(
    private readonly link: RedisLink,
    slot: number,
  ) {
    this.stamp = stamper(slot, ID_SLOTS);
  }

  static async open(link: RedisLink): Promise<RedisEventBus> {
    // Each instance its own slot among the ids, so a browser never sees two events with one id.
    const slot = (await link.redis.incr(`${link.prefix}event-slots`)) % ID_SLOTS;
    const bus = new RedisEventBus(link, slot);
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
