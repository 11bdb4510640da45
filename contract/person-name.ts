/**
 * A person's name as the reader's language writes it (issue 29): given name first in English ("Siu Ming Chan");
 * family name first in Chinese, with no space between Chinese characters ("陳小明"), and a romanised name in the
 * Hong Kong way ("Chan Siu Ming"). Shared by the SPA (addresses) and the server (the names on tickets).
 */
const HAN = /\p{Script=Han}/u;

export function personName(given: string, family: string, language: 'en' | 'zh'): string {
  const first = given.trim();
  const last = family.trim();
  if (language === 'en') return [first, last].filter(Boolean).join(' ');
  const joiner = HAN.test(last.slice(-1)) && HAN.test(first.slice(0, 1)) ? '' : ' ';
  return [last, first].filter(Boolean).join(joiner);
}
