/**
 * `tcp-gateway` client: the platform connects to a transparent serial-to-Ethernet converter at
 * host:port and speaks the bus's protocol through it.
 * - lazy: the first request connects (and waits for the connection up to its frame timeout);
 * - the connection is kept; after an error or a close it reconnects by itself with exponential
 *   backoff (`backoffMinMs` doubling up to `backoffMaxMs`), reset by a successful connection;
 * - a request while disconnected (between attempts) fails at once with `no_reply` (the pipeline
 *   retries the command);
 * - one frame at a time (ModuleChannel); frames split or joined across packets are reassembled;
 * - close() ends the connection and stops reconnecting.
 */
import net from 'node:net';
import { Deframer, type Protocol } from '../protocol/deframe';
import { ModuleChannel, type Exchange, type Log, type Matcher } from './channel';

export interface GatewayClientOptions {
  host: string;
  port: number;
  protocols?: readonly Protocol[];
  backoffMinMs?: number;
  backoffMaxMs?: number;
  log?: Log;
}

type State = 'idle' | 'connecting' | 'open' | 'backoff' | 'closed';

export class GatewayClient {
  private socket: net.Socket | undefined;
  /** The socket of a connection attempt under way (closed by close()). */
  private pendingSocket: net.Socket | undefined;
  private state: State = 'idle';
  private connecting: Promise<boolean> | undefined;
  private backoff: number;
  private retryTimer: NodeJS.Timeout | undefined;
  private readonly deframer: Deframer;
  readonly channel: ModuleChannel;
  private readonly log: Log;
  /** Connections made so far (tests and figures). */
  connects = 0;

  constructor(private readonly options: GatewayClientOptions) {
    this.log = options.log ?? (() => {});
    this.backoff = options.backoffMinMs ?? 500;
    this.deframer = new Deframer({ protocols: options.protocols, onDrop: (b, why) => this.log(`gateway ${this.name}: dropped ${b.length} bytes (${why})`) });
    this.channel = new ModuleChannel({ write: (bytes) => this.write(bytes) }, this.log);
  }

  get name() { return `${this.options.host}:${this.options.port}`; }
  get connected() { return this.state === 'open'; }

  request<T>(bytes: Uint8Array, matcher: Matcher<T> | undefined, timeoutMs: number): Promise<Exchange<T>> {
    this.connectTimeoutMs = timeoutMs;
    return this.channel.request(bytes, matcher, timeoutMs);
  }

  private connectTimeoutMs = 3000;

  private async write(bytes: Uint8Array): Promise<true | string> {
    if (this.state === 'closed') return 'gateway client closed';
    if (this.state === 'backoff') return `gateway ${this.name} disconnected, reconnecting`;
    if (this.state !== 'open') {
      const ok = await this.connect();
      if (!ok) return `gateway ${this.name} unreachable`;
    }
    const socket = this.socket;
    if (!socket || this.state !== 'open') return `gateway ${this.name} disconnected`;
    return new Promise((resolve) => {
      socket.write(bytes, (error) => resolve(error ? `write failed: ${error.message}` : true));
    });
  }

  private connect(): Promise<boolean> {
    if (this.connecting) return this.connecting;
    this.state = 'connecting';
    this.connecting = new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: this.options.host, port: this.options.port });
      socket.setNoDelay(true);
      let settled = false;
      const timer = setTimeout(() => { if (!settled) socket.destroy(new Error('connect timeout')); }, this.connectTimeoutMs);
      this.pendingSocket = socket;
      socket.once('connect', () => {
        settled = true;
        clearTimeout(timer);
        if (this.state === 'closed') { socket.destroy(); resolve(false); return; }
        this.socket = socket;
        this.state = 'open';
        this.connects++;
        this.backoff = this.options.backoffMinMs ?? 500;
        this.deframer.reset();
        this.log(`gateway ${this.name}: connected`);
        resolve(true);
      });
      socket.on('data', (chunk) => {
        for (const frame of this.deframer.push(chunk)) this.channel.deliver(frame);
      });
      socket.on('error', (error) => this.log(`gateway ${this.name}: ${error.message}`));
      socket.once('close', () => {
        clearTimeout(timer);
        if (this.pendingSocket === socket) this.pendingSocket = undefined;
        if (this.socket === socket) this.socket = undefined;
        this.channel.abort(`gateway ${this.name} connection closed`);
        if (!settled) { settled = true; resolve(false); }
        if (this.state !== 'closed') this.scheduleReconnect();
      });
    }).finally(() => { this.connecting = undefined; });
    return this.connecting;
  }

  private scheduleReconnect() {
    this.state = 'backoff';
    const delay = this.backoff;
    this.backoff = Math.min(this.backoff * 2, this.options.backoffMaxMs ?? 30_000);
    this.log(`gateway ${this.name}: reconnecting in ${delay} ms`);
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      if (this.state !== 'backoff') return;
      this.state = 'idle';
      void this.connect();
    }, delay);
    this.retryTimer.unref?.();
  }

  async close() {
    this.state = 'closed';
    clearTimeout(this.retryTimer);
    const socket = this.socket;
    this.socket = undefined;
    this.pendingSocket?.destroy();
    this.channel.abort('gateway client closed');
    if (socket && !socket.destroyed) await new Promise<void>((resolve) => { socket.once('close', () => resolve()); socket.destroy(); });
  }
}
