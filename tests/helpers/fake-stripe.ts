import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local HTTP server speaking the part of Stripe's REST API the membership uses, so the real
 * stripe SDK can be pointed at it (host/port options) in tests: Checkout Sessions, Subscriptions,
 * Invoices, Refunds and the Billing Portal. State lives in memory; `complete()` plays what Stripe
 * does when a customer pays, and returns the events Stripe would send to the webhook.
 */
export interface FakeStripe {
  url: string;
  /** Checkout Sessions created, by id (status open | complete | expired). */
  sessions: Map<string, Record<string, unknown>>;
  /** Requests received, "METHOD /path", for assertions. */
  requests: string[];
  subscriptions: Map<string, Record<string, unknown>>;
  refunds: Array<Record<string, unknown>>;
  complete(sessionId: string, at: Date): StripeEventObject[];
  renew(subscriptionId: string, at: Date): StripeEventObject[];
  event(type: string, object: Record<string, unknown>, at: Date): StripeEventObject;
  close(): Promise<void>;
}

export type StripeEventObject = {
  id: string;
  object: "event";
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
  api_version: string;
  livemode: false;
  pending_webhooks: 0;
  request: null;
};

const newId = (prefix: string) => `${prefix}_${randomBytes(10).toString("hex")}`;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** Stripe's form encoding (a[b][0][c]=v) back into nested objects and arrays. */
function parseForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/[[\]]+/).filter(Boolean);
    let node: Record<string, unknown> = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= /^\d+$/.test(parts[i + 1]!) ? [] : {}) as Record<string, unknown>;
    });
  }
  return root;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function addMonthSeconds(at: number): number {
  const d = new Date(at * 1000);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return seconds(d);
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, Record<string, unknown>>();
  const subscriptions = new Map<string, Record<string, unknown>>();
  const invoices = new Map<string, Record<string, unknown>>();
  const refunds: Array<Record<string, unknown>> = [];
  const requests: string[] = [];
  const send = (res: import("node:http").ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "Content-Type": "application/json", "Request-Id": newId("req") });
    res.end(JSON.stringify(body));
  };
  const notFound = (res: import("node:http").ServerResponse, what: string) =>
    send(res, 404, {
      error: {
        type: "invalid_request_error",
        code: "resource_missing",
        message: `No such ${what}`,
      },
    });

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const body = parseForm(await readBody(req));
    requests.push(`${req.method} ${url.pathname}`);
    const [, , resource, id, action] = url.pathname.split("/");
    if (req.method === "POST" && resource === "checkout" && id === "sessions" && !action) {
      const sessionId = newId("cs_test");
      const lineItems = body.line_items as Array<Record<string, Record<string, unknown>>>;
      const session = {
        id: sessionId,
        object: "checkout.session",
        mode: body.mode,
        status: "open",
        payment_status: "unpaid",
        url: `${address()}/pay/${sessionId}`,
        client_reference_id: body.client_reference_id,
        customer: null,
        customer_email: body.customer_email,
        subscription: null,
        metadata: body.metadata ?? {},
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        _price: lineItems[0]!.price_data,
        _subscriptionMetadata:
          (body.subscription_data as Record<string, unknown> | undefined)?.metadata ?? {},
      };
      sessions.set(sessionId, session);
      return send(res, 200, session);
    }
    if (
      req.method === "POST" &&
      resource === "checkout" &&
      id === "sessions" &&
      url.pathname.endsWith("/expire")
    ) {
      const session = sessions.get(action ?? "");
      if (!session) return notFound(res, "checkout session");
      // Stripe expires open sessions only.
      if (session.status !== "open") {
        return send(res, 400, {
          error: {
            type: "invalid_request_error",
            message: `Only Checkout Sessions with a status in ["open"] can be expired.`,
          },
        });
      }
      Object.assign(session, { status: "expired", url: null });
      return send(res, 200, session);
    }
    if (req.method === "GET" && resource === "checkout" && id === "sessions") {
      const session = sessions.get(action ?? "");
      return session ? send(res, 200, session) : notFound(res, "checkout session");
    }
    if (resource === "subscriptions" && id) {
      const sub = subscriptions.get(id);
      if (!sub) return notFound(res, "subscription");
      if (req.method === "POST" && body.cancel_at_period_end !== undefined)
        sub.cancel_at_period_end = body.cancel_at_period_end === "true";
      if (req.method === "DELETE") {
        sub.status = "canceled";
        sub.canceled_at = seconds(new Date());
      }
      return send(res, 200, sub);
    }
    if (req.method === "GET" && resource === "invoices" && id) {
      const invoice = invoices.get(id);
      return invoice ? send(res, 200, invoice) : notFound(res, "invoice");
    }
    if (req.method === "POST" && resource === "refunds") {
      const refund = {
        id: newId("re"),
        object: "refund",
        status: "succeeded",
        payment_intent: body.payment_intent ?? null,
        charge: body.charge ?? null,
      };
      refunds.push(refund);
      return send(res, 200, refund);
    }
    if (req.method === "POST" && resource === "billing_portal" && id === "sessions") {
      return send(res, 200, {
        id: newId("bps"),
        object: "billing_portal.session",
        url: `${address()}/portal/${body.customer}`,
        return_url: body.return_url,
      });
    }
    notFound(res, url.pathname);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const event = (type: string, object: Record<string, unknown>, at: Date): StripeEventObject => ({
    id: newId("evt"),
    object: "event",
    type,
    created: seconds(at),
    data: { object: structuredClone(object) },
    api_version: "2026-10-28.endive",
    livemode: false,
    pending_webhooks: 0,
    request: null,
  });

  const invoiceFor = (sub: Record<string, unknown>, periodStart: number, periodEnd: number) => {
    const price = (sub.items as { data: Array<{ price: Record<string, unknown> }> }).data[0]!.price;
    const invoice = {
      id: newId("in"),
      object: "invoice",
      status: "paid",
      amount_paid: price.unit_amount,
      amount_due: price.unit_amount,
      currency: price.currency,
      customer: sub.customer,
      parent: { type: "subscription_details", subscription_details: { subscription: sub.id } },
      lines: { object: "list", data: [{ period: { start: periodStart, end: periodEnd } }] },
      payments: {
        object: "list",
        data: [{ payment: { type: "payment_intent", payment_intent: newId("pi") } }],
      },
    };
    invoices.set(invoice.id, invoice);
    return invoice;
  };

  return {
    get url() {
      return address();
    },
    requests,
    sessions,
    subscriptions,
    refunds,
    event,
    complete(sessionId: string, at: Date) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      // A customer can pay an open session only (an expired one shows Stripe's "expired" page).
      if (session.status !== "open")
        throw new Error(`session ${sessionId} is ${String(session.status)}`);
      const start = seconds(at);
      const end = addMonthSeconds(start);
      const price = session._price as Record<string, unknown>;
      const sub: Record<string, unknown> = {
        id: newId("sub"),
        object: "subscription",
        status: "active",
        customer: newId("cus"),
        cancel_at_period_end: false,
        created: start,
        start_date: start,
        currency: price.currency,
        metadata: session._subscriptionMetadata,
        items: {
          object: "list",
          data: [
            {
              id: newId("si"),
              current_period_start: start,
              current_period_end: end,
              price: { currency: price.currency, unit_amount: Number(price.unit_amount) },
            },
          ],
        },
      };
      subscriptions.set(sub.id as string, sub);
      Object.assign(session, {
        status: "complete",
        payment_status: "paid",
        subscription: sub.id,
        customer: sub.customer,
      });
      const invoice = invoiceFor(sub, start, end);
      return [
        event("checkout.session.completed", session, at),
        event("customer.subscription.created", sub, at),
        event("invoice.paid", invoice, at),
      ];
    },
    renew(subscriptionId: string, at: Date) {
      const sub = subscriptions.get(subscriptionId)!;
      const item = (
        sub.items as { data: Array<{ current_period_start: number; current_period_end: number }> }
      ).data[0]!;
      const start = item.current_period_end;
      const end = addMonthSeconds(start);
      Object.assign(item, { current_period_start: start, current_period_end: end });
      const invoice = invoiceFor(sub, start, end);
      return [event("invoice.paid", invoice, at), event("customer.subscription.updated", sub, at)];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
