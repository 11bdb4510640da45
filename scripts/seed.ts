/** npm run seed [-- --products N] [--taste-cards M]: seeds an empty database, then adds N generated products and M generated published taste cards. */
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { readConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { addGeneratedProducts, isEmpty, seed } from '../server/db/seed/index.ts';
import { addGeneratedTasteCards } from '../server/db/seed/taste-card-data.ts';
import { createPasswords } from '../server/services/passwords.ts';

const { values } = parseArgs({ options: { products: { type: 'string', default: '0' }, 'taste-cards': { type: 'string', default: '0' } } });
const extra = Number(values.products);
if (!Number.isInteger(extra) || extra < 0) throw new Error('--products takes a whole number');
const extraCards = Number(values['taste-cards']);
if (!Number.isInteger(extraCards) || extraCards < 0) throw new Error('--taste-cards takes a whole number');

const config = readConfig();
if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
const { db, close } = await openDatabase(
  config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'pglite') },
);
const now = new Date();
if (await isEmpty(db)) {
  await seed(db, { now, passwords: createPasswords() });
  console.log('Seeded the catalogue, reference data and content pages.');
} else {
  console.log('The database already holds data; seed data left as it is.');
}
if (extra > 0) {
  await addGeneratedProducts(db, extra, now);
  console.log(`Added ${extra} generated products.`);
}
if (extraCards > 0) {
  await addGeneratedTasteCards(db, extraCards, now);
  console.log(`Added ${extraCards} generated published taste cards.`);
}
await close();
