// Fails when a message of the source catalogue has no zh-Hant translation (run after `lingui extract`), or when
// zh-Hant text (the catalogue, and the server's mails and seed) uses a variant the glossary replaces
// (docs/glossary-zh-Hant.json: one term per idea).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const po = readFileSync(path.join(root, 'src/i18n/locales/zh-Hant/messages.po'), 'utf8');
const entries = po.split(/\n\n+/).filter((block) => /^msgid "/m.test(block) && !/^msgid ""\nmsgstr ""\n"/m.test(block));
const missing = entries.filter((block) => {
  const msgstr = block.slice(block.indexOf('\nmsgstr '));
  return /^\nmsgstr ""\s*$/.test(msgstr);
});
if (missing.length) {
  console.error(`zh-Hant is missing ${missing.length} of ${entries.length} translations:`);
  for (const block of missing) console.error(`  ${block.match(/^msgid (".*")$/m)?.[1]}`);
  process.exit(1);
}

const { terms } = JSON.parse(readFileSync(path.join(root, 'docs/glossary-zh-Hant.json'), 'utf8'));
/** Every .ts/.tsx file under a folder. */
const sources = (dir) =>
  readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name));
const texts = [
  { name: 'src/i18n/locales/zh-Hant/messages.po', text: po.split('\n').filter((line) => !line.startsWith('msgid') && !line.startsWith('#')).join('\n') },
  ...['server', 'src', 'machines', 'contract'].flatMap(sources).map((file) => ({ name: path.relative(root, file), text: readFileSync(file, 'utf8') })),
];
const variants = [];
for (const [english, { use, not }] of Object.entries(terms)) {
  for (const variant of not) {
    for (const { name, text } of texts) {
      const count = text.split(variant).length - 1;
      if (count > 0) variants.push(`  ${name}: ${count} × ${variant} (use ${use} for "${english}")`);
    }
  }
}
if (variants.length) {
  console.error(`zh-Hant uses terms the glossary (docs/glossary-zh-Hant.json) replaces:\n${variants.join('\n')}`);
  process.exit(1);
}
console.log(`zh-Hant: all ${entries.length} messages translated; the glossary's ${Object.keys(terms).length} terms used alone.`);
