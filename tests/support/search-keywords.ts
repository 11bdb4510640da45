/**
 * Long search keywords of every script (issue 11), shared by tests/api/search-load.test.ts (what they cost in
 * work) and bench/search-load.ts (what an unrelated call waits while they run, against its target).
 */
import { getAutocompleteRecommend, SearchAndFilterProduct, searchProduct, UserSearchAndFilterProduct } from '../../contract/index.ts';

/** What each script's keywords are made of, repeated to the length wanted. */
export const scripts: Record<string, string> = {
  latin: 'oolong tea ',
  'one latin word': 'a',
  'latin nonsense (typo correction)': 'qwzxblorf ',
  'repeated cjk': '茶',
  'varied cjk': '烏龍茶鐵觀音普洱龍井凍頂',
  // Every character different: as many distinct bigrams as the length allows.
  'distinct cjk': Array.from({ length: 600 }, (_, i) => String.fromCodePoint(0x4e00 + i * 29)).join(''),
  'cjk with spaces': '茶 ',
  hiragana: 'おちゃ',
  katakana: 'ウーロンチャ',
  hangul: '녹차 ',
  cyrillic: 'чай ',
  arabic: 'شاي ',
  thai: 'ชาเขียว ',
  emoji: '🍵',
  digits: '0123456789',
  punctuation: `'%_\\;--"()*&|!:`,
  mixed: 'oolong 烏龍 чай 🍵 7 ',
};

/** `unit` repeated to exactly `length` UTF-16 units (the contract's measure), never splitting a character. */
export function keywordOf(unit: string, length: number): string {
  const characters = [...unit];
  let keyword = '';
  for (let i = 0; ; i++) {
    const next = characters[i % characters.length]!;
    if (keyword.length + next.length > length) break;
    keyword += next;
  }
  return keyword.padEnd(length, '.');
}

/** Every call that takes a search keyword, with a body around it. */
export const searchCalls = [
  { name: SearchAndFilterProduct.name, body: (Keyword: string) => ({ Currency: 'HKD', Keyword }), member: false },
  { name: UserSearchAndFilterProduct.name, body: (Keyword: string) => ({ Currency: 'HKD', Keyword }), member: true },
  { name: searchProduct.name, body: (Keyword: string) => ({ Currency: 'HKD', Keyword, CookieID: 'load-test' }), member: false },
  { name: getAutocompleteRecommend.name, body: (Keyword: string) => ({ Keyword }), member: false },
];

/** Lengths of the burst: far past the contract's cap, just past it, at it, and the 22 and 24. */
export const burstLengths = (cap: number) => [1000, cap + 1, cap, 22, 24];

/**
 * Sends the requests one per turn of the event loop, as the network delivers them, none waiting for another's
 * answer. (PGlite runs in this process and answers without yielding to the loop: requests all sent in one
 * turn would run as one task, and an unrelated call would wait for the lot whatever each costs.)
 */
export async function sendEach(requests: ReadonlyArray<() => Promise<void>>): Promise<void> {
  const sent: Promise<void>[] = [];
  for (const request of requests) {
    await new Promise((arrive) => setImmediate(arrive));
    sent.push(request());
  }
  await Promise.all(sent);
}
