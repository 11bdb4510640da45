/**
 * The baseline: a bare Hono app on @hono/node-server, in a process of its own.
 * GET / answers "ok"; POST /echo parses a JSON body and answers it as JSON (the same
 * per-request work shape as an API call, minus validation and the database).
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { listen, send } from './child-protocol.ts';

const app = new Hono();
app.get('/', (c) => c.text('ok'));
app.post('/echo', async (c) => c.json({ result: true, echo: JSON.parse(await c.req.text()) as unknown }));

const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  void send({ type: 'ready', port: info.port, info: {} });
});
listen(() => new Promise<void>((resolve) => server.close(() => resolve())));
