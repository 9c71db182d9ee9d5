/** The console's end of the backend's websocket (DESIGN.md, real-time). */
export type RealtimeStatus = 'connecting' | 'open' | 'down';

export interface RealtimeMessage {
  type: string;
  areaId?: number;
  from?: number;
  to?: number;
}

/** Waits before reconnecting, by consecutive failure. */
const RECONNECT_MS = [1_000, 2_000, 5_000, 10_000, 30_000];
/** Close code of the server when the session has ended: no reconnecting (the next call goes to login). */
const SESSION_ENDED = 4401;

/**
 * One websocket with reconnection: backoff while the backend is unreachable, at once when the
 * browser comes back online. `url()` gives undefined when there is no session to connect with.
 */
export class RealtimeConnection {
  private socket?: WebSocket;
  private failures = 0;
  private timer?: ReturnType<typeof setTimeout>;
  private stopped = true;
  private current: RealtimeStatus = 'down';
  private messageListeners = new Set<(message: RealtimeMessage) => void>();
  private statusListeners = new Set<(status: RealtimeStatus) => void>();
  private readonly reconnectNow = () => {
    if (this.stopped || this.socket) return;
    clearTimeout(this.timer);
    this.open();
  };

  constructor(private url: () => string | undefined) {}

  onMessage(listener: (message: RealtimeMessage) => void) {
    this.messageListeners.add(listener);
    return () => void this.messageListeners.delete(listener);
  }

  onStatus(listener: (status: RealtimeStatus) => void) {
    this.statusListeners.add(listener);
    return () => void this.statusListeners.delete(listener);
  }

  start() {
    if (!this.stopped) return;
    this.stopped = false;
    window.addEventListener('online', this.reconnectNow);
    this.open();
  }

  stop() {
    this.stopped = true;
    window.removeEventListener('online', this.reconnectNow);
    clearTimeout(this.timer);
    const socket = this.socket;
    this.socket = undefined;
    socket?.close(1000);
    this.setStatus('down');
  }

  private setStatus(status: RealtimeStatus) {
    if (status === this.current) return;
    this.current = status;
    for (const listener of this.statusListeners) listener(status);
  }

  private open() {
    const url = this.url();
    if (!url) {
      this.setStatus('down');
      return;
    }
    this.setStatus('connecting');
    let socket: WebSocket;
    try {
      socket = new WebSocket(url);
    } catch {
      this.retry();
      return;
    }
    this.socket = socket;
    socket.onmessage = (event) => {
      let message: RealtimeMessage;
      try {
        message = JSON.parse(String(event.data)) as RealtimeMessage;
      } catch {
        return;
      }
      if (!message || typeof message.type !== 'string') return;
      // The server greets once it has subscribed us: from then on no event is missed.
      if (message.type === 'hello') {
        this.failures = 0;
        this.setStatus('open');
        return;
      }
      for (const listener of this.messageListeners) listener(message);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      this.setStatus('down');
      if (!this.stopped && event.code !== SESSION_ENDED) this.retry();
    };
  }

  private retry() {
    this.setStatus('down');
    const delay = RECONNECT_MS[Math.min(this.failures, RECONNECT_MS.length - 1)];
    this.failures += 1;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.open(), delay);
  }
}
