/**
 * Did-you-mean for the taste vocabulary's search: the vocabulary word a mistyped word most likely meant,
 * by optimal string alignment distance with a typo allowance that grows with the word's length.
 */

/**
 * Optimal string alignment distance (Damerau-Levenshtein with adjacent transpositions), stopping early once
 * every path is over `max`.
 */
export function typoDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (i > 0 && best > max) return max + 1;
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

/** How many typos a word of this length may hold: none under 4 letters, 1 up to 7, 2 from 8. */
const typosAllowed = (length: number) => (length < 4 ? 0 : length <= 7 ? 1 : 2);

/**
 * The vocabulary word a mistyped word most likely meant: the closest whole word, or a word it is the
 * mistyped beginning of ("carmel" → caramel, "cinamo" → cinnamon); undefined when none is close enough.
 */
export function correctionOf(word: string, vocabulary: readonly string[]): string | undefined {
  const max = typosAllowed(word.length);
  if (max === 0 || !/^\p{L}+$/u.test(word)) return undefined;
  // Best: fewest typos, then a whole word over a beginning, then the shorter word (then alphabetical order).
  let best: { word: string; rank: [number, number, number] } | undefined;
  for (const candidate of vocabulary) {
    const whole = typoDistance(word, candidate, max);
    let distance = whole;
    for (const length of [word.length - 1, word.length, word.length + 1]) {
      if (length >= 3 && length < candidate.length) distance = Math.min(distance, typoDistance(word, candidate.slice(0, length), max));
    }
    if (distance > max) continue;
    const rank: [number, number, number] = [distance, whole <= max ? 0 : 1, candidate.length];
    if (isBefore(rank, best?.rank)) best = { word: candidate, rank };
  }
  return best?.word;
}

/** Whether rank a comes strictly before b (none: a comes first). */
const isBefore = (a: readonly number[], b: readonly number[] | undefined) => {
  if (!b) return true;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
};
