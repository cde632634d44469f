/**
 * The local checkout's pages (docs/architecture.md "local checkout"; embedded default only, never
 * in production, and only for the packs whose `CHECKOUT_URL_*` is left at `/checkout/<packId>`):
 * - `GET /checkout/<packId>?client_reference_id=&prefilled_email=&prefilled_promo_code=` (the
 *   query of a Stripe Payment Link): the pack, its price, the email and promotion code, `Pay`;
 * - `POST /checkout/<packId>` pays: a session is made and its signed
 *   `checkout.session.completed` delivered; then the session's page;
 * - `GET /checkout/<packId>?session=<id>`: the paid session, its deliveries, Refund and Dispute
 *   (Win the dispute once disputed), and a link back to the dashboard;
 * - `POST /checkout/<packId>/sessions/<id>/refund` and `/dispute`; `/win` closes a dispute won.
 * Small server-rendered HTML: no script, every value escaped.
 *
 * Like the other development companions (routes/dev.ts), the pages answer loopback
 * callers only (net/loopback.ts `loopbackOnly`), unless `DEV_TOOLS_PUBLIC=true`: anyone else gets
 * the 404 of a route that does not exist, so another machine cannot Pay for peanuts.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { PeanutsPack } from '../../core/packs';
import type { CheckoutInput, LocalCheckout, LocalSession } from '../billing/localCheckout';
import { loopbackOnly, type TrustProxy } from '../net/loopback';

/** Options of the checkout pages. */
export interface CheckoutRoutesOptions {
  /** The local checkout. */
  checkout: LocalCheckout;
  /** The pack ids sold through the local checkout. */
  packIds: readonly string[];
  /** True to answer callers other than loopback too (`DEV_TOOLS_PUBLIC`). */
  public: boolean;
  /** The proxies whose forwarding headers are believed (`TRUST_PROXY`). */
  trustProxy: TrustProxy;
}

/** HTML-escapes `text`. */
function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** A whole page around `body`. */
function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} - Peanut VPN local checkout</title>
<style>
body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#222}
.card{border:1px solid #ddd;border-radius:8px;padding:1.5rem}
.price{font-size:2rem;font-weight:600}.muted{color:#666;font-size:.9rem}
label{display:block;margin:.8rem 0 .2rem}input{width:100%;padding:.4rem;box-sizing:border-box}
button{margin-top:1rem;padding:.6rem 1.4rem;font-size:1rem;cursor:pointer}
.error{color:#b00020}form.inline{display:inline-block;margin-right:.5rem}
</style></head><body>
<p class="muted">Local checkout: stands in for Stripe in the embedded default. No money moves.</p>
${body}
</body></html>`;
}

/** Sends `html` with `status`, never cached. */
function sendPage(reply: FastifyReply, status: number, title: string, body: string): FastifyReply {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(page(title, body));
}

/** `2.71` -> `$2.71`. */
function formatPrice(pack: PeanutsPack): string {
  return `$${pack.price.toFixed(2)}`;
}

/** The query or form fields a checkout reads, checked; a string is the error message. */
function readInput(fields: Record<string, unknown>): CheckoutInput | string {
  const field = (name: string): string | null => {
    const value = fields[name];
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
  };
  const clientReferenceId = field('client_reference_id');
  const email = field('prefilled_email');
  const promoCode = field('prefilled_promo_code');
  // Stripe's own limits of these Payment Link parameters.
  if (clientReferenceId !== null && !/^[A-Za-z0-9_-]{1,200}$/.test(clientReferenceId)) {
    return 'client_reference_id must be 1 to 200 letters, digits, dashes or underscores';
  }
  if (email !== null && (email.length > 254 || !/^[^\s@<>]+@[^\s@<>]+$/.test(email))) {
    return 'prefilled_email is not an email address';
  }
  if (promoCode !== null && !/^[A-Za-z0-9_-]{1,64}$/.test(promoCode)) {
    return 'prefilled_promo_code must be 1 to 64 letters, digits, dashes or underscores';
  }
  return { clientReferenceId, email, promoCode };
}

/** The hidden form fields that carry `input` to the Pay POST. */
function hiddenFields(input: CheckoutInput): string {
  const fields: [string, string | null][] = [
    ['client_reference_id', input.clientReferenceId],
    ['prefilled_email', input.email],
    ['prefilled_promo_code', input.promoCode],
  ];
  return fields
    .filter((entry): entry is [string, string] => entry[1] !== null)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('');
}

/** The Pay page of `pack`. */
function payPage(pack: PeanutsPack, input: CheckoutInput): string {
  const dd = (value: string | null, none: string) =>
    value === null ? `<span class="muted">${none}</span>` : escapeHtml(value);
  return `<div class="card"><h1>${escapeHtml(pack.name)} pack</h1>
<p>${pack.peanuts} peanuts</p><p class="price">${formatPrice(pack)} <span class="muted">USD</span></p>
<dl><dt>Email</dt><dd>${dd(input.email, 'none')}</dd>
<dt>Promotion code</dt><dd>${dd(input.promoCode, 'none')}</dd></dl>
${input.clientReferenceId === null ? '<p class="error">Not signed in: these peanuts would reach no account.</p>' : ''}
<form method="post" action="/checkout/${encodeURIComponent(pack.id)}">${hiddenFields(input)}
<button type="submit">Pay</button></form></div>
<p><a href="/">Back to the dashboard</a></p>`;
}

/** The page of a paid session. */
function sessionPage(pack: PeanutsPack, session: LocalSession, checkout: LocalCheckout): string {
  const base = `/checkout/${encodeURIComponent(pack.id)}/sessions/${encodeURIComponent(session.id)}`;
  const deliveries = checkout
    .eventsOf(session.id)
    .map(
      (event) =>
        `<li>${escapeHtml(event.type)}: ${event.status} (${event.attempts} attempt${event.attempts === 1 ? '' : 's'}, last HTTP ${event.lastStatus || 'none'})</li>`,
    )
    .join('');
  const actions =
    session.state === 'paid'
      ? `<form class="inline" method="post" action="${base}/refund"><button type="submit">Refund</button></form>` +
        `<form class="inline" method="post" action="${base}/dispute"><button type="submit">Dispute</button></form>`
      : session.state === 'disputed'
        ? `<form class="inline" method="post" action="${base}/win"><button type="submit">Win the dispute</button></form>`
        : '';
  return `<div class="card"><h1>${escapeHtml(pack.name)} pack: <span id="state">${session.state}</span></h1>
<p>${session.state === 'paid' ? 'Payment received' : `This payment was ${session.state}`}: ${pack.peanuts} peanuts, ${formatPrice(pack)} USD.</p>
<p class="muted">Session ${escapeHtml(session.id)}</p>
<ul>${deliveries}</ul>${actions}</div>
<p><a href="/">Back to the dashboard</a></p>`;
}

/** Registers the local checkout pages (encapsulated: its form parser stays here). */
export default async function checkoutRoutes(
  app: FastifyInstance,
  opts: CheckoutRoutesOptions,
): Promise<void> {
  const { checkout } = opts;
  loopbackOnly(app, { public: opts.public, trustProxy: opts.trustProxy });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  const packOf = (id: string): PeanutsPack | undefined =>
    opts.packIds.includes(id) ? app.packs.get(id) : undefined;
  const unknownPack = (reply: FastifyReply) =>
    sendPage(
      reply,
      404,
      'Unknown pack',
      '<p class="error">Unknown pack.</p><p><a href="/">Back to the dashboard</a></p>',
    );
  /** The checkout session `sessionId` of `pack`; undefined when unknown or of another pack. */
  const sessionOf = async (pack: PeanutsPack, sessionId: string) => {
    const session = await checkout.session(sessionId);
    return session?.packId === pack.id ? session : undefined;
  };
  const unknownSession = (reply: FastifyReply) =>
    sendPage(reply, 404, 'Unknown session', '<p class="error">Unknown checkout session.</p>');

  app.get<{ Params: { packId: string }; Querystring: Record<string, string> }>(
    '/checkout/:packId',
    { schema: { hide: true } },
    async (request, reply) => {
      const pack = packOf(request.params.packId);
      if (!pack) return unknownPack(reply);
      const sessionId = request.query.session;
      if (sessionId !== undefined) {
        const session = await sessionOf(pack, sessionId);
        if (!session) return unknownSession(reply);
        return sendPage(reply, 200, `${pack.name} pack`, sessionPage(pack, session, checkout));
      }
      const input = readInput(request.query);
      if (typeof input === 'string') {
        return sendPage(reply, 400, 'Bad link', `<p class="error">${escapeHtml(input)}</p>`);
      }
      return sendPage(reply, 200, `${pack.name} pack`, payPage(pack, input));
    },
  );

  app.post<{ Params: { packId: string }; Body: Record<string, unknown> }>(
    '/checkout/:packId',
    { schema: { hide: true } },
    async (request, reply) => {
      const pack = packOf(request.params.packId);
      if (!pack) return unknownPack(reply);
      const input = readInput(request.body ?? {});
      if (typeof input === 'string') {
        return sendPage(reply, 400, 'Bad payment', `<p class="error">${escapeHtml(input)}</p>`);
      }
      const session = await checkout.pay(pack, input);
      return reply.redirect(`/checkout/${pack.id}?session=${session.id}`, 303);
    },
  );

  app.post<{ Params: { packId: string; sessionId: string; action: string } }>(
    '/checkout/:packId/sessions/:sessionId/:action',
    { schema: { hide: true } },
    async (request, reply) => {
      const { packId, sessionId, action } = request.params;
      const pack = packOf(packId);
      if (!pack) return unknownPack(reply);
      if (action !== 'refund' && action !== 'dispute' && action !== 'win') {
        return sendPage(reply, 404, 'Unknown action', '<p class="error">Unknown action.</p>');
      }
      const session = await sessionOf(pack, sessionId);
      if (!session) return unknownSession(reply);
      const done =
        action === 'win'
          ? await checkout.winDispute(sessionId)
          : await checkout.reverse(sessionId, action);
      if (!done) {
        return sendPage(
          reply,
          409,
          'Not paid',
          `<p class="error">This session is already ${session.state}.</p>`,
        );
      }
      return reply.redirect(`/checkout/${pack.id}?session=${session.id}`, 303);
    },
  );
}
