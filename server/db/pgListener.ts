import pg from 'pg';

const RECONNECT_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

export interface PgListenerOptions {
  /** Give up connecting after this long. */
  connectTimeoutMs?: number;
  /** How often the connection is checked with a query (a stalled server sends no error). */
  pingMs?: number;
  log?: (message: string, error?: unknown) => void;
}

/**
 * LISTEN on PostgreSQL through a connection of its own (a pooled connection cannot hold a LISTEN),
 * reconnecting with backoff when the connection drops, fails or stops answering the periodic ping.
 * Notifications sent while it was down are lost, as PostgreSQL does not queue them; listeners
 * refetch on reconnect where that matters.
 */
export class PgListener {
  private client?: pg.Client;
  private stopped = false;
  private failures = 0;
  private timer?: NodeJS.Timeout;
  private pinger?: NodeJS.Timeout;

  constructor(
    private url: string,
    private channel: string,
    private onPayload: (payload: string | undefined) => void,
    private options: PgListenerOptions = {},
  ) {}

  async start(): Promise<void> {
    const pingMs = this.options.pingMs ?? 30_000;
    const client = new pg.Client({
      connectionString: this.url, keepAlive: true,
      connectionTimeoutMillis: this.options.connectTimeoutMs ?? 5_000, query_timeout: Math.max(1_000, Math.min(pingMs, 10_000)),
    });
    client.on('notification', (message) => {
      if (message.channel === this.channel) this.onPayload(message.payload);
    });
    client.on('error', (error) => {
      this.options.log?.('PostgreSQL: listener connection lost', error.message);
      this.reconnect(client);
    });
    client.on('end', () => this.reconnect(client));
    this.client = client;
    await client.connect();
    await client.query(`LISTEN ${pg.escapeIdentifier(this.channel)}`);
    this.failures = 0;
    clearInterval(this.pinger);
    this.pinger = setInterval(() => {
      if (this.client !== client) return;
      client.query('SELECT 1').catch(() => this.reconnect(client));
    }, pingMs);
    this.pinger.unref();
  }

  private reconnect(client: pg.Client) {
    if (this.stopped || client !== this.client || this.timer) return;
    this.client = undefined;
    clearInterval(this.pinger);
    client.removeAllListeners();
    client.on('error', () => undefined);
    // The connection may be stalled: do not wait for a polite end.
    (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
    void client.end().catch(() => undefined);
    const delay = RECONNECT_MS[Math.min(this.failures, RECONNECT_MS.length - 1)];
    this.failures += 1;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.stopped) return;
      this.start().catch(() => this.client && this.reconnect(this.client));
    }, delay);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    const client = this.client;
    this.client = undefined;
    if (client) {
      client.removeAllListeners();
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
    }
  }
}
