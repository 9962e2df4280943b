import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/** The API's own Stripe SDK (e2e does not depend on it): used here only to sign webhooks. */
const requireFromApi = createRequire(path.resolve(import.meta.dirname, '../../api/package.json'));
const StripeSdk = requireFromApi('stripe') as {
  webhooks: { generateTestHeaderString(options: { payload: string; secret: string }): string };
};

export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  payment_intent: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  amount_total: number;
  currency: string;
  success_url: string;
  cancel_url: string;
  customer_email: string | null;
  created: number;
}

/**
 * Just enough of Stripe's API for the API's Stripe gateway (`STRIPE_API_BASE` points the SDK here):
 * create and retrieve a Checkout session, and create a refund. `pay` is the buyer paying on the
 * hosted page; `signedEvent` is the webhook Stripe would send, signed as Stripe signs it.
 */
export interface FakeStripe {
  url: string;
  sessions: Map<string, FakeCheckoutSession>;
  refunds: Array<{ id: string; payment_intent: string }>;
  /** Calls received, as `METHOD /path`. */
  calls: string[];
  sessionOf(checkoutUrl: string): FakeCheckoutSession;
  pay(sessionId: string): FakeCheckoutSession;
  signedEvent(type: string, object: unknown, secret: string): { payload: string; signature: string };
  close(): Promise<void>;
}

/** `a[b][c]=v` form fields (how the SDK encodes bodies) into nested objects. */
function parseForm(body: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node = result as Record<string, unknown>;
    for (const [i, part] of parts.entries()) {
      if (i === parts.length - 1) node[part] = value;
      else {
        node[part] ??= {};
        node = node[part] as Record<string, unknown>;
      }
    }
  }
  return result;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, FakeCheckoutSession>();
  const refunds: FakeStripe['refunds'] = [];
  const calls: string[] = [];
  let url = '';

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': id('req') });
    res.end(JSON.stringify(body));
  };
  const notFound = (res: ServerResponse, message: string) =>
    send(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message } });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const { pathname } = new URL(req.url ?? '/', 'http://fake');
    calls.push(`${req.method} ${pathname}`);
    if (!req.headers.authorization?.startsWith('Bearer sk_test_')) {
      return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API key' } });
    }
    const body = parseForm(raw);
    if (req.method === 'POST' && pathname === '/v1/checkout/sessions') {
      const lineItems = body.line_items as Record<string, { price_data: { unit_amount: string; currency: string } }>;
      const first = lineItems?.['0']?.price_data;
      const sessionId = id('cs');
      const session: FakeCheckoutSession = {
        id: sessionId,
        object: 'checkout.session',
        mode: 'payment',
        url: `${url}/pay/${sessionId}`,
        status: 'open',
        payment_status: 'unpaid',
        payment_intent: null,
        client_reference_id: (body.client_reference_id as string) ?? null,
        metadata: (body.metadata as Record<string, string>) ?? {},
        amount_total: Number(first?.unit_amount ?? 0),
        currency: first?.currency ?? 'inr',
        success_url: String(body.success_url ?? ''),
        cancel_url: String(body.cancel_url ?? ''),
        customer_email: (body.customer_email as string) ?? null,
        created: Math.floor(Date.now() / 1000),
      };
      sessions.set(sessionId, session);
      return send(res, 200, session);
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(pathname);
    if (req.method === 'GET' && retrieve) {
      const session = sessions.get(decodeURIComponent(retrieve[1] as string));
      return session ? send(res, 200, session) : notFound(res, 'No such checkout.session');
    }
    if (req.method === 'POST' && pathname === '/v1/refunds') {
      const paymentIntent = String(body.payment_intent ?? '');
      if (refunds.some((r) => r.payment_intent === paymentIntent)) {
        return send(res, 400, {
          error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Already refunded' },
        });
      }
      const refund = { id: id('re'), payment_intent: paymentIntent };
      refunds.push(refund);
      return send(res, 200, { ...refund, object: 'refund', status: 'succeeded' });
    }
    return notFound(res, `Unrecognized request URL (${req.method}: ${pathname})`);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) =>
      send(res, 500, { error: { type: 'api_error', message: String(error) } }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    sessions,
    refunds,
    calls,
    sessionOf(checkoutUrl) {
      const session = sessions.get(new URL(checkoutUrl).pathname.split('/').pop() ?? '');
      if (!session) throw new Error(`No fake checkout session at ${checkoutUrl}`);
      return session;
    },
    pay(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`No fake checkout session ${sessionId}`);
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: id('pi') });
      return session;
    },
    signedEvent(type, object, secret) {
      const payload = JSON.stringify({
        id: id('evt'),
        object: 'event',
        type,
        api_version: '2025-01-27.acacia',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        data: { object },
      });
      return { payload, signature: StripeSdk.webhooks.generateTestHeaderString({ payload, secret }) };
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
