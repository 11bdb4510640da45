/**
 * A shop announcement to every device subscribed to the global topic (issue 20), sent by staff until the
 * back office exists:
 *   npm run announce -- --title "New oolongs are in" --body "Three spring harvests from Anxi" [--url /new_in] [--lang en|zh]
 * --url is the page the notification opens (a path of the shop, /home by default); --lang the language the
 * words are in. With the embedded database (no DATABASE_URL), stop the shop first: PGlite serves one process.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { readConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { announce, isShopPath } from '../server/services/notifications/notices.ts';
import { createPushService, loadVapidKeys } from '../server/services/push.ts';

const usage = 'usage: npm run announce -- --title "…" --body "…" [--url /path] [--lang en|zh]';
let values: { title?: string; body?: string; url?: string; lang?: string };
try {
  ({ values } = parseArgs({
    options: { title: { type: 'string' }, body: { type: 'string' }, url: { type: 'string' }, lang: { type: 'string' } },
    strict: true,
  }));
} catch (err) {
  console.error(`${(err as Error).message}\n${usage}`);
  process.exit(2);
}
const title = values.title?.trim();
const body = values.body?.trim();
const problem = !title
  ? '--title is required'
  : !body
    ? '--body is required'
    : values.url !== undefined && !isShopPath(values.url)
      ? '--url must be a path of the shop, such as /new_in'
      : values.lang !== undefined && values.lang !== 'en' && values.lang !== 'zh'
        ? '--lang is en or zh'
        : undefined;
if (problem) {
  console.error(`${problem}\n${usage}`);
  process.exit(2);
}

const config = readConfig();
const log = pino({ level: config.logLevel });
const { db, close } = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'pglite') });
try {
  const push = createPushService({ vapid: await loadVapidKeys(db) });
  const delivery = await announce({ db, log, push }, { title: title!, body: body!, url: values.url, lang: values.lang as 'en' | 'zh' | undefined });
  // The push service checks each endpoint as registration does (a known push service, a public address) before sending.
  console.log(
    `sent to ${delivery.sent} device${delivery.sent === 1 ? '' : 's'}; ${delivery.gone} gone (forgotten), ${delivery.failed} not reached, ${delivery.refused} refused (not a push service's)`,
  );
  if (delivery.failed > 0) process.exitCode = 1;
} finally {
  await close();
}
