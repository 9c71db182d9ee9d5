import { sql } from 'drizzle-orm';
import type { Db } from '../db';

/**
 * What the backend pushes to the console over the websocket (DESIGN.md, real-time): a change the
 * console should fetch again, never the data itself. Each event belongs to one area, and only
 * operators whose scope holds that area receive it.
 */
export type RealtimeEvent =
  /** Commands with ids in [from, to] changed state (queued, sent, finished, expired). */
  | { type: 'commands'; areaId: number; from: number; to: number }
  /** The read-failure list of the area changed (a device failed to answer, or answered again). */
  | { type: 'readFailures'; areaId: number }
  /** Money moved in the area (a recharge was taken): the dashboards' figures changed. */
  | { type: 'figures'; areaId: number };

/**
 * Between backend processes only (never sent to a console): a user's sessions changed (logout,
 * password change, role, area or state changed); every process checks that user's sockets at once.
 */
export type SessionsEvent = { type: 'sessions'; userId: number };

/** The PostgreSQL notification channel events travel on, so every backend process hears them. */
export const REALTIME_CHANNEL = 'console_events';

/**
 * Announces an event through the database (pg_notify). Inside a transaction it is delivered on
 * commit and dropped on rollback, so the console never hears of a change that did not happen.
 */
export async function publish(db: Db, event: RealtimeEvent | SessionsEvent): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(event)})`);
}

/** One `commands` event per area for a set of changed commands. */
export async function publishCommands(db: Db, changed: { id: number; areaId: number }[]): Promise<void> {
  const byArea = new Map<number, { from: number; to: number }>();
  for (const { id, areaId } of changed) {
    const range = byArea.get(areaId);
    byArea.set(areaId, range ? { from: Math.min(range.from, id), to: Math.max(range.to, id) } : { from: id, to: id });
  }
  for (const [areaId, range] of byArea) await publish(db, { type: 'commands', areaId, ...range });
}

/** Parses a notification payload; undefined for anything that is not a known event. */
export function parseEvent(payload: string | undefined): RealtimeEvent | SessionsEvent | undefined {
  try {
    const event = JSON.parse(payload ?? '') as Partial<RealtimeEvent> & { userId?: unknown };
    if ((event.type as string) === 'sessions') return typeof event.userId === 'number' ? { type: 'sessions', userId: event.userId } : undefined;
    if (typeof event.areaId !== 'number') return undefined;
    if (event.type === 'readFailures') return { type: 'readFailures', areaId: event.areaId };
    if (event.type === 'figures') return { type: 'figures', areaId: event.areaId };
    if (event.type === 'commands' && typeof event.from === 'number' && typeof event.to === 'number') {
      return { type: 'commands', areaId: event.areaId, from: event.from, to: event.to };
    }
  } catch {
    // not JSON
  }
  return undefined;
}
