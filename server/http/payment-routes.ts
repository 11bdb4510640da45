import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Deps } from '../deps.ts';
import { PAYMENT_RETURN_PATH, receiveWebhook, returnPath } from '../services/orders/index.ts';
import { WebhookSignatureError } from '../services/payments/provider.ts';
import { SANDBOX_PAGES_PATH } from '../services/payments/sandbox.ts';
import type { AppEnv } from './api.ts';
import { ApiError } from './errors.ts';
import { serverPagePolicy } from './security-headers.ts';
import { ErrorCode } from '../../contract/errors.ts';

/** Webhook bodies are small JSON events; Stripe's largest stay well under this. */
const WEBHOOK_MAX_BODY = 256 * 1024;

/**
 * Payment routes outside the contract (mounted before the API router, which would take them for
 * calls):
 * - POST /api/payments/webhook: the provider's signed results. The raw body is verified, recorded
 *   once in payment_events and settled; 400 when the signature fails (the provider retries only
 *   what it could not deliver, so a bad signature is not retried into success).
 * - GET  PAYMENT_RETURN_PATH/:orderId: where provider pages send the browser back (see calls/orders.ts).
 * - GET  /api/payments/sandbox/pages/:id, POST …/:id/approve | decline: the sandbox's hosted pages.
 * - POST /api/payments/sandbox/fps/:id/pay: the sandbox's stand-in for a bank's transfer (not in production).
 */
export function mountPaymentRoutes(app: Hono<AppEnv>, deps: Deps) {
  app.post(
    '/api/payments/webhook',
    bodyLimit({
      maxSize: WEBHOOK_MAX_BODY,
      onError: () => {
        throw new ApiError(413, ErrorCode.InvalidParameter, 'Request body is too large');
      },
    }),
    async (c) => {
      try {
        const { outcome } = await receiveWebhook(deps, await c.req.text(), (name) => c.req.header(name));
        return c.json({ received: true, outcome });
      } catch (error) {
        if (error instanceof WebhookSignatureError) return c.json({ received: false, error: error.message }, 400);
        throw error;
      }
    },
  );

  app.get(`${PAYMENT_RETURN_PATH}/:orderId`, async (c) => {
    const path = await returnPath(deps, c.req.param('orderId'), c.req.query('payment_intent') || undefined);
    return c.redirect(path, 303);
  });

  app.get(`${SANDBOX_PAGES_PATH}/:paymentId`, async (c) => {
    const { sandbox } = await deps.payments.ready;
    const { status, html } = await sandbox.hostedPage(c.req.param('paymentId'));
    // Stands for the provider's own page: a policy of its own, allowing its inline <style> by hash.
    return c.html(html, status, { 'content-security-policy': serverPagePolicy(html, { publicUrl: deps.config.publicUrl, stripe: false }) });
  });

  const completePage = (action: 'approve' | 'decline') => async (c: Context<AppEnv>) => {
    const { sandbox } = await deps.payments.ready;
    const completed = await sandbox.completeHostedPage(c.req.param('paymentId')!, action);
    if (!completed.ok) return c.html('<!doctype html><title>Payment not found</title><p>This payment does not exist.</p>', 404);
    return c.redirect(completed.redirectUrl, 303);
  };
  app.post(`${SANDBOX_PAGES_PATH}/:paymentId/approve`, completePage('approve'));
  app.post(`${SANDBOX_PAGES_PATH}/:paymentId/decline`, completePage('decline'));

  if (!deps.config.production) {
    app.post('/api/payments/sandbox/fps/:paymentId/pay', async (c) => {
      const { sandbox } = await deps.payments.ready;
      const paid = await sandbox.simulateFpsTransfer(c.req.param('paymentId'));
      if (!paid.ok) return c.json({ result: false, ErrorCode: paid.code, message: 'The transfer was refused' }, paid.code === 'not_found' ? 404 : 400);
      return c.json({ result: true, PaymentStatus: paid.payment.status });
    });
  }
}
