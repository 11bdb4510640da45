// Fails when a message of the source catalogue has no zh-Hant translation (run after `lingui extract`).
import { readFileSync } from 'node:fs';

const po = readFileSync(new URL('../src/i18n/locales/zh-Hant/messages.po', import.meta.url), 'utf8');
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
console.log(`zh-Hant: all ${entries.length} messages translated.`);
