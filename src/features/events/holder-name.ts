/**
 * The name on a guest's ticket, as the sign-up form's given and family names (issue 31: a named guest signs up
 * on the spot from their ticket link). The booker typed it as one line, so this guesses the way
 * contract/person-name.ts writes names: Chinese characters family name first, with no space ("陳小明", a
 * two-character family name where it is a known one: "歐陽子晴"); a romanised name family name last in English
 * ("Siu Ming Chan") and first in Chinese ("Chan Siu Ming"). The visitor can correct both fields.
 */
const HAN = /^\p{Script=Han}+$/u;
/** Common two-character family names. */
const COMPOUND = new Set(['歐陽', '欧阳', '司徒', '司馬', '司马', '上官', '諸葛', '诸葛', '皇甫', '尉遲', '公孫', '令狐', '慕容', '西門', '夏侯', '端木', '東方', '东方', '長孫', '宇文', '澹台', '軒轅']);

export function splitHolderName(name: string, language: 'en' | 'zh-Hant'): { givenName?: string; familyName?: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return {};
  if (words.length === 1) {
    const [word] = words as [string];
    if (!HAN.test(word) || word.length < 2) return { givenName: word };
    const family = word.length > 2 && COMPOUND.has(word.slice(0, 2)) ? 2 : 1;
    return { familyName: word.slice(0, family), givenName: word.slice(family) };
  }
  const familyFirst = language === 'zh-Hant' || HAN.test(words[0]!);
  return familyFirst
    ? { familyName: words[0]!, givenName: words.slice(1).join(' ') }
    : { familyName: words[words.length - 1]!, givenName: words.slice(0, -1).join(' ') };
}
