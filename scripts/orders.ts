/**
 * The shop's fulfilment desk (spec: no admin screens).
 *   npm run orders -- to-ship                  paid orders waiting to be shipped (products and subscription boxes), oldest first,
 *                                              each with what it is (a box: its plan and cycle) and its delivery address
 *   npm run orders -- ship <reference> [...]   mark them shipped (Completed tab), mail each member and push to their devices
 * With the embedded database (no DATABASE_URL), stop the shop first: PGlite serves one process at a time.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { readConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { systemClock } from '../server/deps.ts';
import { ordersToShip, shipOrders } from '../server/services/orders/fulfilment.ts';
import { auditShipped } from '../server/services/orders/staff.ts';
import { createOutboxMailer, createSmtpMailer } from '../server/services/mail.ts';
import { createPushService, loadVapidKeys } from '../server/services/push.ts';

const { positionals } = parseArgs({ allowPositionals: true });
const [command, ...references] = positionals;
const usage = 'usage: npm run orders -- to-ship | ship <reference> [<reference> ...]';
if (command !== 'to-ship' && command !== 'ship') {
  console.error(usage);
  process.exit(2);
}
if (command === 'ship' && references.length === 0) {
  console.error(usage);
  process.exit(2);
}

const config = readConfig();
const log = pino({ level: config.logLevel });
const { db, close } = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'pglite') });
try {
  if (command === 'to-ship') {
    const waiting = await ordersToShip({ db });
    if (waiting.length === 0) console.log('No paid orders are waiting to be shipped.');
    for (const o of waiting) {
      const what = o.box ? `${o.box.plan}, cycle ${o.box.cycle}` : 'products';
      console.log(
        [o.reference, o.paidAt?.toISOString() ?? '-', o.email, what, `${o.items} item${o.items === 1 ? '' : 's'}`, `${o.currency} ${(o.total / 100).toFixed(2)}`, o.address].join('\t'),
      );
    }
  } else {
    const mailer = config.smtpUrl ? await createSmtpMailer(config.smtpUrl, config.mailFrom) : createOutboxMailer({ db, clock: systemClock, log });
    const publicUrl = config.publicUrl ?? `http://localhost:${config.port}`;
    // The shop's own VAPID keys (the ones its devices subscribed with), as the server loads them.
    const push = createPushService({ vapid: await loadVapidKeys(db) });
    // Each shipment is written to the audit log as the back office's are, with no actor (the command line).
    const results = await shipOrders({ db, mailer, log, config: { publicUrl }, push, clock: systemClock }, references, { onShipped: auditShipped(systemClock, null) });
    const words = {
      shipped: 'shipped, member mailed and notified',
      alreadyShipped: 'already shipped',
      notPaid: 'not paid: not shipped',
      notParcel: 'nothing to ship (seats, or picked up at a gathering)',
      notFound: 'no such order',
    };
    for (const r of results) console.log(`${r.reference}\t${words[r.outcome]}`);
    if (results.some((r) => r.outcome === 'notPaid' || r.outcome === 'notParcel' || r.outcome === 'notFound')) process.exitCode = 1;
  }
} finally {
  await close();
}
