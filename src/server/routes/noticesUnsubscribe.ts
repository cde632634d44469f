/**
 * The page of the link in every notice mail (notices/links.ts; docs/api.md "Notices"), which
 * turns the notices off without signing in:
 * - `GET /notices/unsubscribe?u=<sub>&s=<signature>`: a page with one button, "Turn off email
 *   notices" (a GET changes nothing: mail scanners and link previews open links on their own);
 * - `POST /notices/unsubscribe?u=<sub>&s=<signature>`: turns every notice of the account off and
 *   answers a page that says so; also the one-click unsubscribe of mail clients (RFC 8058: a
 *   form body `List-Unsubscribe=One-Click`, or none).
 * A link whose signature is not the server's answers 403 and changes nothing. Small
 * server-rendered HTML: no script, every value escaped; out of the OpenAPI document (a page, not
 * an API call).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { UNSUBSCRIBE_PATH } from '../notices/links';

/** The visible texts of the page. */
export const UNSUBSCRIBE_TEXTS = {
  title: 'Email notices',
  confirm:
    'Turn off the email notices of your Peanut VPN account? You will no longer get a mail when ' +
    'a VPN ends on its own or when your balance is low.',
  button: 'Turn off email notices',
  done:
    'Email notices are off: you will get no more mail about ended VPNs or a low balance. ' +
    'You can turn them back on from your Account page.',
  refused: 'This link is not valid: nothing was changed. Open the link of your last notice mail.',
  account: 'Account page',
} as const;

const T = UNSUBSCRIBE_TEXTS;

/** HTML-escapes `text`. */
function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** Sends a whole page around `body` with `status`, never cached, not indexed. */
function sendPage(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${T.title} - Peanut VPN</title>
<style>
:root{color-scheme:light dark}
body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5}
button{margin-top:1rem;padding:.6rem 1.4rem;font-size:1rem;cursor:pointer}
</style></head><body>
<h1>${T.title}</h1>
${body}
</body></html>`);
}

/** The query of the link. */
interface LinkQuery {
  u?: string;
  s?: string;
}

/** The link's fields, when both are single strings. */
function linkOf(query: LinkQuery): { userSub: string; signature: string } | undefined {
  const { u, s } = query;
  return typeof u === 'string' && typeof s === 'string' ? { userSub: u, signature: s } : undefined;
}

/** Registers the page (encapsulated: its form parser stays here). */
export default async function noticesUnsubscribeRoutes(app: FastifyInstance): Promise<void> {
  // The one-click body (`List-Unsubscribe=One-Click`) and the page's empty form: not read.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, _body, done) => done(null, {}),
  );
  const refused = (reply: FastifyReply) => sendPage(reply, 403, `<p>${T.refused}</p>`);

  app.get<{ Querystring: LinkQuery }>(
    UNSUBSCRIBE_PATH,
    { schema: { hide: true } },
    async (request, reply) => {
      const link = linkOf(request.query);
      if (!link || !(await app.notices.isLink(link.userSub, link.signature))) {
        return refused(reply);
      }
      const action = `${UNSUBSCRIBE_PATH}?${new URLSearchParams({ u: link.userSub, s: link.signature })}`;
      return sendPage(
        reply,
        200,
        `<p>${T.confirm}</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit">${T.button}</button></form>`,
      );
    },
  );

  app.post<{ Querystring: LinkQuery }>(
    UNSUBSCRIBE_PATH,
    { schema: { hide: true } },
    async (request, reply) => {
      const link = linkOf(request.query);
      if (!link || (await app.notices.unsubscribe(link.userSub, link.signature)) === 'refused') {
        return refused(reply);
      }
      return sendPage(reply, 200, `<p>${T.done}</p><p><a href="/account">${T.account}</a></p>`);
    },
  );
}
