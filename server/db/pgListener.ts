import pg from 'pg';

const RECONNECT_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

/**
 * LISTEN on PostgreSQL through a connection of its own (a pooled connection cannot hold a LISTEN),
 * reconnecting with backoff when the connection drops. Notifications sent while it was down are
 * lost, as PostgreSQL does not queue them; listeners refetch on reconnect where that matters.
 */
export class PgListener {
  private client?: pg.Client;
  private stopped = false;
  private failures = 0;
  private timer?: NodeJS.Timeout;

  constructor(private url: string, private channel: string, private onPayload: (payload: string | undefined) => void) {}

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (message) => {
      if (message.channel === this.channel) this.onPayload(message.payload);
    });
    client.on('error', () => this.reconnect(client));
    client.on('end', () => this.reconnect(client));
    this.client = client;
    await client.connect();
    await client.query(`LISTEN ${pg.escapeIdentifier(this.channel)}`);
    this.failures = 0;
  }

  private reconnect(client: pg.Client) {
    if (this.stopped || client !== this.client || this.timer) return;
    this.client = undefined;
    client.removeAllListeners();
    client.on('error', () => undefined);
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
    const client = this.client;
    this.client = undefined;
    if (client) {
      client.removeAllListeners();
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
    }
  }
}
