/**
 * `dtu` modules: 4G DTUs dial in to the platform. A TCP server on DEVICE_PORT:
 * - registration: the first packet a DTU sends is its module address, 1 to 32 ASCII letters or digits
 *   (as module management accepts them; letters compare in capitals), optionally surrounded by
 *   whitespace or ended by CR LF: `12345678`, `12345678\r\n`, ` dtu01 ` (= `DTU01`); what follows the
 *   line break in the same packet (a heartbeat, a frame) is the DTU's first data.
 *   Anything else, an address `accept` refuses, or nothing within `registrationTimeoutMs` closes the
 *   socket, nothing else happens;
 * - heartbeats: afterwards any short printable packet that arrives while no frame is being
 *   reassembled (e.g. the id again, `HB`, `heartbeat`) only keeps the DTU alive; any data at all
 *   resets the idle timer; after `idleTimeoutMs` without data (e.g. 3 heartbeat intervals) the socket
 *   is closed and the DTU is offline;
 * - frames pass through transparently: requests to the module go out on its socket, one at a time;
 * - a second registration of the same address replaces the older socket (which is closed);
 * - `onOnline(address, online, at)` is told when a DTU registers (true) and when its current socket
 *   ends or idles out (false): the lead updates `modules.online` / `last_heartbeat_at` from it.
 */
import net from 'node:net';
import { Deframer, type Protocol } from '../protocol/deframe';
import { ModuleChannel, type Exchange, type Log, type Matcher } from './channel';

export interface DtuListenerOptions {
  port: number;
  host?: string;
  idleTimeoutMs?: number;
  registrationTimeoutMs?: number;
  protocols?: readonly Protocol[];
  onOnline?: (address: string, online: boolean, at: Date) => void;
  /**
   * Whether a registered address belongs to a known `dtu` module (e.g. a lookup of modules by
   * address); unknown addresses are closed like garbage. Default: every well-formed address.
   */
  accept?: (address: string) => boolean | Promise<boolean>;
  /** Called on every heartbeat or data packet of a registered DTU. */
  onHeartbeat?: (address: string, at: Date) => void;
  log?: Log;
}

export interface DtuListener {
  /** Starts listening; resolves the bound port (0 → any free port). */
  listen(): Promise<number>;
  readonly port: number;
  isOnline(address: string): boolean;
  online(): string[];
  request<T>(address: string, bytes: Uint8Array, matcher: Matcher<T> | undefined, timeoutMs: number): Promise<Exchange<T>>;
  close(): Promise<void>;
}

const REGISTRATION = /^\s*([0-9A-Za-z]{1,32})\s*$/;
const HEARTBEAT = /^[\x20-\x7e\r\n\t]{1,64}$/;

interface Session { socket: net.Socket; deframer: Deframer }

export function createDtuListener(options: DtuListenerOptions): DtuListener {
  const log = options.log ?? (() => {});
  const idleMs = options.idleTimeoutMs ?? 180_000;
  const registrationMs = options.registrationTimeoutMs ?? 30_000;
  const sessions = new Map<string, Session>();
  const channels = new Map<string, ModuleChannel>();
  const sockets = new Set<net.Socket>();
  let boundPort = options.port;

  const channelOf = (address: string) => {
    let channel = channels.get(address);
    if (!channel) {
      channel = new ModuleChannel({
        write: (bytes) => {
          const session = sessions.get(address);
          if (!session || session.socket.destroyed) return Promise.resolve(`DTU ${address} is not connected`);
          return new Promise((resolve) => session.socket.write(bytes, (error) => resolve(error ? `write failed: ${error.message}` : true)));
        },
      }, log);
      channels.set(address, channel);
    }
    return channel;
  };

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.setNoDelay(true);
    let address: string | undefined;
    let session: Session | undefined;
    let registering = false;
    const idle = () => socket.setTimeout(address ? idleMs : registrationMs);
    idle();
    socket.on('timeout', () => {
      log(address ? `DTU ${address}: idle, closing` : 'DTU did not register in time, closing');
      socket.destroy();
    });
    socket.on('error', (error) => log(`DTU ${address ?? '?'}: ${error.message}`));
    const receive = (chunk: Buffer) => {
      const now = new Date();
      if (registering) return;
      if (!address) {
        // TCP is a stream: a registration ended by a line break may arrive in one packet with what
        // the DTU sent next (a heartbeat, a frame). The first line registers; the rest is data.
        const lineEnd = chunk.indexOf(0x0a);
        const rest = lineEnd >= 0 && lineEnd < chunk.length - 1 ? chunk.subarray(lineEnd + 1) : undefined;
        const match = REGISTRATION.exec((rest ? chunk.subarray(0, lineEnd + 1) : chunk).toString('latin1'));
        if (!match) { log('DTU sent a garbage registration, closing'); socket.destroy(); return; }
        const candidate = match[1].toUpperCase();
        const register = () => {
          if (socket.destroyed) return;
          address = candidate;
          const older = sessions.get(candidate);
          session = { socket, deframer: new Deframer({ protocols: options.protocols, onDrop: (b, why) => log(`DTU ${candidate}: dropped ${b.length} bytes (${why})`) }) };
          sessions.set(candidate, session);
          if (older) older.socket.destroy();
          idle();
          log(`DTU ${candidate}: registered`);
          options.onOnline?.(candidate, true, now);
          if (rest && !socket.destroyed) receive(rest);
        };
        if (!options.accept) { register(); return; }
        registering = true;
        socket.pause();
        Promise.resolve().then(() => options.accept!(candidate)).then(
          (ok) => { registering = false; if (ok) { register(); socket.resume(); } else { log(`DTU ${candidate} is no known module, closing`); socket.destroy(); } },
          () => { registering = false; socket.destroy(); },
        );
        return;
      }
      options.onHeartbeat?.(address, now);
      if (session!.deframer.pending === 0 && !chunk.includes(0x68) && HEARTBEAT.test(chunk.toString('latin1'))) return;
      const channel = channelOf(address);
      for (const frame of session!.deframer.push(chunk)) channel.deliver(frame);
    };
    socket.on('data', receive);
    socket.on('close', () => {
      sockets.delete(socket);
      if (address && sessions.get(address)?.socket === socket) {
        sessions.delete(address);
        channels.get(address)?.abort(`DTU ${address} disconnected`);
        log(`DTU ${address}: offline`);
        options.onOnline?.(address, false, new Date());
      }
    });
  });

  return {
    listen: () => new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => {
        server.off('error', reject);
        boundPort = (server.address() as net.AddressInfo).port;
        resolve(boundPort);
      });
    }),
    get port() { return boundPort; },
    isOnline: (address) => sessions.has(address),
    online: () => [...sessions.keys()],
    request: (address, bytes, matcher, timeoutMs) => channelOf(address).request(bytes, matcher, timeoutMs),
    close: () => new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    }),
  };
}
