import type { Context, MiddlewareHandler } from 'hono';

/** Past the limit, at most so many bytes of a body are read and thrown away to keep its connection usable. */
export const DRAIN_MAX_BYTES = 32 * 1024 * 1024;
/** A client that sends nothing of the rest of its body for this long has its connection closed. */
export const DRAIN_IDLE_MS = 2_000;

interface BodyLimitOptions {
  maxSize: number;
  /** Answers (or throws) the refusal. */
  onError: (c: Context) => Response | Promise<Response>;
}

/**
 * Keeps the connection of a request usable whatever its answer. A request answered without its
 * body being read (a 413 over the limit, a 401 or 403 before the handler, a 503 while queued) left
 * the rest of the body on the connection: the Node adapter read it for 500 ms and then destroyed
 * the socket, while the answer had gone out with `Connection: keep-alive`, so a client reusing the
 * connection for its next request (browsers and Node's fetch do) got a reset. Here the unread rest
 * is read and discarded before the answer goes out; a body too large to be worth reading (over
 * DRAIN_MAX_BYTES) or a client that stalls sending it gets `Connection: close` instead, which tells
 * the client not to reuse the connection. First middleware of the API.
 */
export function drainUnreadBody(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const raw = c.req.raw;
    await next();
    const body = raw.body;
    if (!body || raw.bodyUsed) return;
    const declared = raw.headers.has('transfer-encoding') ? undefined : Number.parseInt(raw.headers.get('content-length') ?? '', 10);
    if (body.locked || (declared !== undefined && declared > DRAIN_MAX_BYTES) || !(await discard(body.getReader(), DRAIN_MAX_BYTES))) {
      c.res.headers.set('Connection', 'close');
    }
  };
}

/**
 * Hono's body-limit middleware (the same options), reading a chunked body only once. What is left
 * of a refused body is read by `drainUnreadBody`.
 */
export function bodyLimit({ maxSize, onError }: BodyLimitOptions): MiddlewareHandler {
  return async (c, next) => {
    const body = c.req.raw.body;
    if (!body) return next();
    const declared = c.req.raw.headers.has('transfer-encoding') ? undefined : c.req.raw.headers.get('content-length');
    if (declared != null) return (Number.parseInt(declared, 10) || 0) > maxSize ? onError(c) : next();
    // Chunked: read it, keeping at most maxSize bytes.
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > maxSize) {
        if (!(await discard(reader, DRAIN_MAX_BYTES - size))) c.header('Connection', 'close');
        return onError(c);
      }
      chunks.push(value);
    }
    const buffer = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      buffer.set(chunk, offset);
      offset += chunk.length;
    }
    c.req.raw = new Request(c.req.raw, { body: buffer });
    return next();
  };
}

/**
 * Reads a body to its end and throws it away: true when it ended within `budget` bytes, false
 * (the reader cancelled) when it was longer or its client stopped sending for DRAIN_IDLE_MS.
 */
async function discard(reader: ReadableStreamDefaultReader<Uint8Array>, budget: number): Promise<boolean> {
  let left = budget;
  for (;;) {
    let timer: NodeJS.Timeout | undefined;
    const idle = new Promise<'idle'>((resolve) => { timer = setTimeout(() => resolve('idle'), DRAIN_IDLE_MS); });
    const read = await Promise.race([reader.read(), idle]).finally(() => clearTimeout(timer));
    if (read === 'idle' || (!read.done && (left -= read.value.length) < 0)) {
      reader.cancel().catch(() => undefined);
      return false;
    }
    if (read.done) return true;
  }
}
