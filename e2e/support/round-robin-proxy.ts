import { Agent, createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small load balancer for the scale-out suite: each request goes to the next live replica in
 * turn, with the client's address appended to `X-Forwarded-For` (run the replicas with
 * `TRUST_PROXY=1`). A replica that refuses or drops a connection is marked dead and skipped from
 * then on. A request is sent to the next replica only when that is safe: the refused connection
 * never reached the dead one (nothing can have been written), or the method is idempotent.
 * A request that reached a replica which then died mid-way is answered 502: not acknowledged.
 */
export interface RoundRobinProxy {
  url: string;
  /** The replicas, in turn order (replaces the list, all live). */
  setTargets(urls: string[]): void;
  /** Replicas marked dead after a connection error. */
  readonly dead: ReadonlySet<string>;
  /** How many requests each replica answered. */
  readonly answered: ReadonlyMap<string, number>;
  close(): Promise<void>;
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
/** Errors that say the connection never reached a server: the request was not seen. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH']);
/** Request headers that belong to one hop, not forwarded (RFC 9110 §7.6.1). */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer'];

export async function startRoundRobinProxy(): Promise<RoundRobinProxy> {
  let targets: string[] = [];
  let next = 0;
  const dead = new Set<string>();
  const answered = new Map<string, number>();
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });

  const live = () => targets.filter((t) => !dead.has(t));

  function forward(target: string, req: IncomingMessage, body: Buffer): Promise<IncomingMessage> {
    const url = new URL(req.url ?? '/', target);
    const headers = { ...req.headers };
    for (const name of HOP_BY_HOP) delete headers[name];
    const client = req.socket.remoteAddress ?? '';
    headers['x-forwarded-for'] = headers['x-forwarded-for'] ? `${headers['x-forwarded-for']}, ${client}` : client;
    headers['content-length'] = String(body.length);
    return new Promise((resolve, reject) => {
      const upstream = request(url, { method: req.method, headers, agent }, resolve);
      upstream.once('error', reject);
      upstream.end(body);
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    let lastError: unknown;
    for (let tries = live().length; tries > 0; tries--) {
      const candidates = live();
      const target = candidates[next++ % candidates.length] as string;
      try {
        const upstream = await forward(target, req, body);
        const headers = { ...upstream.headers };
        for (const name of HOP_BY_HOP) delete headers[name];
        res.writeHead(upstream.statusCode ?? 502, headers);
        for await (const chunk of upstream) res.write(chunk);
        res.end();
        answered.set(target, (answered.get(target) ?? 0) + 1);
        return;
      } catch (error) {
        lastError = error;
        dead.add(target);
        if (res.headersSent) {
          res.destroy();
          return;
        }
        const code = (error as NodeJS.ErrnoException).code ?? '';
        if (!NOT_CONNECTED.has(code) && !IDEMPOTENT.has(req.method ?? '')) break;
      }
    }
    res.writeHead(502, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ success: false, message: `proxy: no replica answered (${String(lastError)})` }));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(502);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    setTargets(urls) {
      targets = [...urls];
      dead.clear();
    },
    dead,
    answered,
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
