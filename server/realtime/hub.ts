import type { Database } from '../db';
import { REALTIME_CHANNEL, parseEvent, type RealtimeEvent } from './events';

export interface Subscriber {
  /** The operator's area scope (their area and its sub-areas); updated when it changes. */
  areaIds: number[];
  /** The operator, whose session changes are announced by a `sessions` event. */
  userId?: number;
  send(event: RealtimeEvent): void;
  /** Checks the session at once (it may have ended, or its scope changed). */
  recheck?(): void;
}

/** The websocket connections of this process, and the fan-out of events to those in scope. */
export class RealtimeHub {
  private subscribers = new Set<Subscriber>();

  subscribe(subscriber: Subscriber): () => void {
    this.subscribers.add(subscriber);
    return () => void this.subscribers.delete(subscriber);
  }

  /** A notification from the database: sent to every connection whose scope holds its area. */
  dispatch(payload: string | undefined) {
    const event = parseEvent(payload);
    if (!event) return;
    if (event.type === 'sessions') {
      for (const subscriber of this.subscribers) if (subscriber.userId === event.userId) subscriber.recheck?.();
      return;
    }
    for (const subscriber of this.subscribers) {
      if (subscriber.areaIds.includes(event.areaId)) subscriber.send(event);
    }
  }
}

/** A hub fed by the database's notifications (from every backend process); `stop` stops listening. */
export async function startRealtime(database: Pick<Database, 'listen'>) {
  const hub = new RealtimeHub();
  const stop = await database.listen(REALTIME_CHANNEL, (payload) => hub.dispatch(payload));
  return { hub, stop };
}
