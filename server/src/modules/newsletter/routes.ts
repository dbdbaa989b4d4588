import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, messageSchema } from '@mtumba/contract';
import { subscribeBody } from '@mtumba/contract/newsletter';
import { renderEmail } from '../mail/layout.js';
import { queueMail } from '../mail/outbox.js';
import { t } from '../../lib/i18n/index.js';
import { requestLanguage } from '../../lib/language.js';
import { CONFIRM_LINK_DAYS, subscriberRepository } from './repository.js';

export const SUBSCRIBED_MESSAGE = 'Thanks for subscribing!';
export const CONFIRM_NOTE =
  'Please check your e-mail and follow the link we sent to confirm: the newsletter starts once you do.';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The newsletter calls of docs/product.md section 7, under /api, with double opt-in: an address
 * receives the newsletter only after following the link e-mailed to it (docs/security.md).
 */
const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const subscribers = subscriberRepository(app.db);
  const perIp = { rateLimit: { max: config.rateLimit.authPerMinute, timeWindow: '1 minute' } };

  app.post(
    '/subscribe',
    {
      config: perIp,
      schema: {
        tags: ['newsletter'],
        summary: 'Subscribe an e-mail address to the newsletter: a link to confirm is e-mailed to it',
        description:
          'The same reply whatever the address (new, pending, subscribed or unsubscribed). The newsletter goes only to addresses that followed the confirmation link; ' +
          `one is sent at most every ${config.newsletterConfirmResendMinutes} minutes per address (NEWSLETTER_CONFIRM_RESEND_MINUTES).`,
        body: subscribeBody,
        response: {
          200: messageSchema.extend({
            confirmation: z.string().describe('what the subscriber does next: follow the e-mailed link'),
          }),
          422: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const email = request.body.email;
      await app.db.transaction().execute(async (trx) => {
        const token = await subscriberRepository(trx).requestSubscription(
          email,
          config.newsletterConfirmResendMinutes * 60_000,
        );
        if (!token) return;
        const url = `${config.appUrl}/api/subscribe/confirm?token=${encodeURIComponent(token)}`;
        // Nothing the requester typed but the address itself: it has not proven it is theirs.
        // in the language the visitor is using as they subscribe
        const lang = requestLanguage(request);
        const shop = config.shopName;
        const { html, text } = renderEmail({
          shopName: shop,
          language: lang,
          preheader: t(lang, 'newsletter.preheader'),
          heading: t(lang, 'newsletter.heading'),
          paragraphs: [
            t(lang, 'account.hello'),
            t(lang, 'newsletter.body1', { shop, email }),
            t(lang, 'newsletter.body2', { days: CONFIRM_LINK_DAYS }),
          ],
          button: { label: t(lang, 'newsletter.button'), url },
          footnote: t(lang, 'newsletter.footnote'),
        });
        await queueMail(trx, {
          to: email,
          subject: t(lang, 'newsletter.subject', { shop }),
          html,
          text,
          template: 'newsletter_confirm',
        });
      });
      return { message: SUBSCRIBED_MESSAGE, confirmation: CONFIRM_NOTE };
    },
  );

  app.get(
    '/subscribe/confirm',
    {
      config: perIp,
      schema: {
        tags: ['newsletter'],
        summary: 'The link in the confirmation e-mail: a page with a button to confirm (opening it confirms nothing)',
        querystring: z.object({ token: z.string().max(200).optional() }),
        response: { 200: z.string().describe('HTML page') },
      },
    },
    async (request, reply) => {
      const token = request.query.token ?? '';
      const valid = token ? (await subscribers.pendingAddress(token)) !== undefined : false;
      const title = valid ? `Confirm your ${config.shopName} newsletter` : 'This link no longer works';
      const body = valid
        ? `<p>Press the button to receive ${escapeHtml(config.shopName)}'s new arrivals by e-mail. You can unsubscribe from any of them.</p>` +
          `<form method="post" action="${escapeHtml(`${config.appUrl}/api/subscribe/confirm`)}">` +
          `<input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">Confirm my subscription</button></form>`
        : `<p>It was used already or has expired. Subscribe again from the shop to get a new one.</p>`;
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .header('Referrer-Policy', 'no-referrer')
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>` +
            `<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5"><h1>${escapeHtml(title)}</h1>${body}` +
            `<p><a href="${escapeHtml(config.appUrl)}">${escapeHtml(config.shopName)}</a></p></body></html>`,
        );
    },
  );

  app.post(
    '/subscribe/confirm',
    {
      config: perIp,
      schema: {
        tags: ['newsletter'],
        summary: 'Confirms a newsletter subscription (form or JSON `token` from the e-mailed link)',
        description: 'Redirects to `/?subscribed=1`, or `=0` for an unknown, used or expired link.',
        body: z.object({ token: z.string().max(200).optional() }).nullish(),
        response: { 302: z.null().describe('Redirect to the web app') },
      },
    },
    async (request, reply) => {
      const token = request.body?.token;
      const ok = token ? await subscribers.confirm(token) : false;
      return reply.redirect(`${config.appUrl}/?subscribed=${ok ? 1 : 0}`, 302);
    },
  );
};

export default newsletterRoutes;
