/**
 * Taste profiles as vectors, and the one function that compares two of them (similar products and the
 * member's match both use it, so a match is symmetric by construction: compare(a, b) = compare(b, a)).
 *
 * A profile has levels, each compared by cosine: the notes themselves, their sub-families and families
 * (so "yuzu" and "lemon", two citrus notes, are near even when no card names both), the aromas and their
 * families, and for a member's match the drink kinds. The five senses are compared by distance: their
 * averages put on 0..1, one minus the root mean square difference. A level either side lacks (no aromas
 * yet) is left out and the other weights count for it.
 */
import type { DrinkKind } from '../../../contract/taste-vocabulary.ts';
import { FIVE_SENSES } from '../../../contract/taste-cards.ts';
import type { Sense } from './profiles.ts';

export const DRINK_KINDS: readonly DrinkKind[] = ['tea', 'coffee', 'incense', 'spirits'];

/** Where each note and aroma sits on the wheel, as dense indices (built once from the vocabulary). */
export interface VocabularyIndex {
  note: Map<string, { i: number; sub: number; fam: number }>;
  aroma: Map<string, { i: number; fam: number }>;
  /** Family IDs (notes' and aromas' share one numbering) and sub-family IDs by index. */
  families: string[];
  subFamilies: string[];
  familyIndex: Map<string, number>;
  sizes: { notes: number; subs: number; fams: number; aromas: number };
}

export function vocabularyIndex(
  notes: ReadonlyArray<{ TasteNoteID: string; SubFamilyID: string; FamilyID: string }>,
  aromaList: ReadonlyArray<{ AromaID: string; FamilyID: string }>,
): VocabularyIndex {
  const familyIndex = new Map<string, number>();
  const subIndex = new Map<string, number>();
  const fam = (id: string) => familyIndex.get(id) ?? (familyIndex.set(id, familyIndex.size), familyIndex.size - 1);
  const sub = (id: string) => subIndex.get(id) ?? (subIndex.set(id, subIndex.size), subIndex.size - 1);
  const note = new Map(notes.map((n, i) => [n.TasteNoteID, { i, sub: sub(n.SubFamilyID), fam: fam(n.FamilyID) }]));
  const aroma = new Map(aromaList.map((a, i) => [a.AromaID, { i, fam: fam(a.FamilyID) }]));
  return {
    note,
    aroma,
    families: [...familyIndex.keys()],
    subFamilies: [...subIndex.keys()],
    familyIndex,
    sizes: { notes: notes.length, subs: subIndex.size, fams: familyIndex.size, aromas: aromaList.length },
  };
}

export interface Sparse {
  idx: Int32Array;
  val: Float64Array;
  norm: number;
}

export type Level = 'notes' | 'subs' | 'fams' | 'aromas' | 'aromaFams' | 'drinks';
export const LEVELS: readonly Level[] = ['notes', 'subs', 'fams', 'aromas', 'aromaFams', 'drinks'];

export interface TasteVector {
  /** The five averages on 0..1 ((level - 1) / 4), in FIVE_SENSES order; null: no senses known. */
  senses: Float64Array | null;
  levels: Record<Level, Sparse>;
  /**
   * The levels again as one list for the hot loop: each entry's index in a space where the levels sit one
   * after another (levelOffsets), its value divided by its level's norm (so a dot product is a cosine);
   * mask: bit i set when LEVELS[i] is not empty.
   */
  flat: { idx: Int32Array; val: Float64Array; mask: number };
}

/** Where each level starts in the flat index space. */
function levelOffsets(vocab: VocabularyIndex): Record<Level, number> {
  const { notes, subs, fams, aromas } = vocab.sizes;
  return { notes: 0, subs: notes, fams: notes + subs, aromas: notes + subs + fams, aromaFams: notes + subs + fams + aromas, drinks: notes + subs + 2 * fams + aromas };
}
const flatSize = (vocab: VocabularyIndex) => levelOffsets(vocab).drinks + DRINK_KINDS.length;

function flatten(levels: Record<Level, Sparse>, vocab: VocabularyIndex): TasteVector['flat'] {
  const offsets = levelOffsets(vocab);
  const idx: number[] = [];
  const val: number[] = [];
  let mask = 0;
  LEVELS.forEach((l, bit) => {
    const v = levels[l];
    if (v.norm === 0) return;
    mask |= 1 << bit;
    for (let k = 0; k < v.idx.length; k++) {
      idx.push(offsets[l] + v.idx[k]!);
      val.push(v.val[k]! / v.norm);
    }
  });
  return { idx: Int32Array.from(idx), val: Float64Array.from(val), mask };
}

/** What a profile is made of: counts over some cards, and weights a member's surveys add. */
export interface ProfileCounts {
  /** Cards counted; the senses are their average (plus the survey's levels, weighted). */
  cardCount: number;
  senseSums: Record<Sense, number> | null;
  /** How much each sense sum counts: cardCount, or more with a survey's levels. */
  senseWeight: number;
  noteCounts: Record<string, number>;
  aromaCounts: Record<string, number>;
  /** Family weights added directly (a member's favourite families), as a fraction of cards (0..1). */
  extraFamilies?: Record<string, number>;
  /** Aroma family weights added directly (a member's favourite scents). */
  extraAromaFamilies?: Record<string, number>;
  /** Drink kinds and their weight (0..1). */
  drinks?: Partial<Record<DrinkKind, number>>;
}

function sparse(entries: Map<number, number>): Sparse {
  const keys = [...entries.keys()].filter((k) => entries.get(k)! > 0).sort((a, b) => a - b);
  const idx = Int32Array.from(keys);
  const val = Float64Array.from(keys.map((k) => entries.get(k)!));
  let sq = 0;
  for (const x of val) sq += x * x;
  return { idx, val, norm: Math.sqrt(sq) };
}

const add = (m: Map<number, number>, k: number, x: number) => m.set(k, (m.get(k) ?? 0) + x);

export function vectorOf(counts: ProfileCounts, vocab: VocabularyIndex): TasteVector {
  const n = Math.max(1, counts.cardCount);
  const notes = new Map<number, number>();
  const subs = new Map<number, number>();
  const fams = new Map<number, number>();
  const aromaLevel = new Map<number, number>();
  const aromaFams = new Map<number, number>();
  const drinks = new Map<number, number>();
  for (const [id, count] of Object.entries(counts.noteCounts)) {
    const at = vocab.note.get(id);
    if (!at) continue;
    add(notes, at.i, count / n);
    add(subs, at.sub, count / n);
    add(fams, at.fam, count / n);
  }
  for (const [id, weight] of Object.entries(counts.extraFamilies ?? {})) {
    const at = vocab.familyIndex.get(id);
    if (at !== undefined) add(fams, at, weight);
  }
  for (const [id, count] of Object.entries(counts.aromaCounts)) {
    const at = vocab.aroma.get(id);
    if (!at) continue;
    add(aromaLevel, at.i, count / n);
    add(aromaFams, at.fam, count / n);
  }
  for (const [id, weight] of Object.entries(counts.extraAromaFamilies ?? {})) {
    const at = vocab.familyIndex.get(id);
    if (at !== undefined) add(aromaFams, at, weight);
  }
  for (const [kind, weight] of Object.entries(counts.drinks ?? {})) {
    const at = DRINK_KINDS.indexOf(kind as DrinkKind);
    if (at >= 0 && weight) add(drinks, at, weight);
  }
  const senses =
    counts.senseSums && counts.senseWeight > 0
      ? Float64Array.from(FIVE_SENSES.map((s) => Math.min(1, Math.max(0, (counts.senseSums![s] / counts.senseWeight - 1) / 4))))
      : null;
  const levels = { notes: sparse(notes), subs: sparse(subs), fams: sparse(fams), aromas: sparse(aromaLevel), aromaFams: sparse(aromaFams), drinks: sparse(drinks) };
  return { senses, levels, flat: flatten(levels, vocab) };
}

export type Weights = { senses: number } & Record<Level, number>;

/** Similar products: by taste alone (drink kind weighs nothing: a whisky may taste like a tea). */
export const SIMILAR_WEIGHTS: Weights = { senses: 0.35, notes: 0.2, subs: 0.12, fams: 0.13, aromas: 0.12, aromaFams: 0.08, drinks: 0 };
/** The member's match: the same, and a little for the drinks they favour. */
export const MATCH_WEIGHTS: Weights = { senses: 0.3, notes: 0.17, subs: 0.12, fams: 0.15, aromas: 0.1, aromaFams: 0.06, drinks: 0.1 };

export interface Comparison {
  /** 0..1; NaN when no level can be compared. */
  score: number;
  /** Each compared level's similarity (0..1) and its share of the score's weight. */
  parts: Array<{ level: 'senses' | Level; similarity: number; share: number }>;
}

function dense(v: Sparse, size: number): Float64Array {
  const out = new Float64Array(size);
  for (let k = 0; k < v.idx.length; k++) out[v.idx[k]!] = v.val[k]!;
  return out;
}

function dot(a: Sparse, bDense: Float64Array): number {
  let s = 0;
  for (let k = 0; k < a.idx.length; k++) s += a.val[k]! * bDense[a.idx[k]!]!;
  return s;
}

function senseSimilarity(a: Float64Array, b: Float64Array): number {
  let sq = 0;
  for (let k = 0; k < 5; k++) sq += (a[k]! - b[k]!) ** 2;
  return 1 - Math.sqrt(sq / 5);
}

/**
 * A comparer from one side, for comparing it with many others fast (its levels spread out dense once;
 * each other side costs its own few non-zero entries).
 */
export function comparer(q: TasteVector, weights: Weights, vocab: VocabularyIndex) {
  const sizes: Record<Level, number> = {
    notes: vocab.sizes.notes,
    subs: vocab.sizes.subs,
    fams: vocab.sizes.fams,
    aromas: vocab.sizes.aromas,
    aromaFams: vocab.sizes.fams,
    drinks: DRINK_KINDS.length,
  };
  const levels = LEVELS.filter((l) => weights[l] > 0 && q.levels[l].norm > 0).map((l) => ({ level: l, weight: weights[l], q: q.levels[l], dense: dense(q.levels[l], sizes[l]) }));

  // The query's levels as one dense vector, each level a unit vector times its weight: the dot product with
  // another's flat entries is then the weighted sum of the levels' cosines in one loop.
  const offsets = levelOffsets(vocab);
  const weighted = new Float64Array(flatSize(vocab));
  let qMask = 0;
  for (const l of levels) {
    qMask |= 1 << LEVELS.indexOf(l.level);
    for (let k = 0; k < l.q.idx.length; k++) weighted[offsets[l.level] + l.q.idx[k]!] = (l.weight * l.q.val[k]!) / l.q.norm;
  }
  // The weight of the levels both sides have, for each possible mask of the other side.
  const maskWeight = new Float64Array(1 << LEVELS.length);
  for (let m = 0; m < maskWeight.length; m++) {
    LEVELS.forEach((l, bit) => {
      if (m & qMask & (1 << bit)) maskWeight[m] = maskWeight[m]! + weights[l];
    });
  }

  /** Just the score (the hot loop of similar products): the same number as compare(c).score. */
  function score(c: TasteVector): number {
    let total = 0;
    let weight = maskWeight[c.flat.mask]!;
    if (q.senses && c.senses && weights.senses > 0) {
      total += weights.senses * senseSimilarity(q.senses, c.senses);
      weight += weights.senses;
    }
    const { idx, val } = c.flat;
    for (let k = 0; k < idx.length; k++) total += weighted[idx[k]!]! * val[k]!;
    return weight > 0 ? total / weight : NaN;
  }

  /** score() of every packed vector at once, into `out` (NaN: nothing to compare). */
  function scoreAll(packed: PackedVectors, out: Float64Array): void {
    const { start, idx, val, senses, mask } = packed;
    const qs = q.senses;
    const sw = weights.senses;
    for (let p = 0; p < packed.count; p++) {
      let total = 0;
      let weight = maskWeight[mask[p]!]!;
      if (qs && sw > 0 && senses[p * 5]! >= 0) {
        let sq = 0;
        for (let k = 0; k < 5; k++) {
          const d = qs[k]! - senses[p * 5 + k]!;
          sq += d * d;
        }
        total += sw * (1 - Math.sqrt(sq / 5));
        weight += sw;
      }
      for (let k = start[p]!, end = start[p + 1]!; k < end; k++) total += weighted[idx[k]!]! * val[k]!;
      out[p] = weight > 0 ? total / weight : NaN;
    }
  }

  function compare(c: TasteVector): Comparison {
    const raw: Comparison['parts'] = [];
    if (q.senses && c.senses && weights.senses > 0) raw.push({ level: 'senses', similarity: senseSimilarity(q.senses, c.senses), share: weights.senses });
    for (const l of levels) {
      const other = c.levels[l.level];
      if (other.norm === 0) continue;
      raw.push({ level: l.level, similarity: dot(other, l.dense) / (other.norm * l.q.norm), share: l.weight });
    }
    const weight = raw.reduce((s, p) => s + p.share, 0);
    if (weight === 0) return { score: NaN, parts: [] };
    const parts = raw.map((p) => ({ ...p, share: p.share / weight }));
    return { score: parts.reduce((s, p) => s + p.share * p.similarity, 0), parts };
  }

  return { score, scoreAll, compare };
}

/** Many vectors in a few flat arrays (similar products scans thousands): vector p's entries are start[p]..start[p+1]. */
export interface PackedVectors {
  count: number;
  start: Int32Array;
  idx: Int32Array;
  val: Float64Array;
  /** Five per vector; -1 when the vector has no senses. */
  senses: Float64Array;
  mask: Int32Array;
}

export function packVectors(vectors: readonly TasteVector[]): PackedVectors {
  const count = vectors.length;
  const start = new Int32Array(count + 1);
  for (let p = 0; p < count; p++) start[p + 1] = start[p]! + vectors[p]!.flat.idx.length;
  const idx = new Int32Array(start[count]!);
  const val = new Float64Array(start[count]!);
  const senses = new Float64Array(count * 5).fill(-1);
  const mask = new Int32Array(count);
  vectors.forEach((v, p) => {
    idx.set(v.flat.idx, start[p]!);
    val.set(v.flat.val, start[p]!);
    if (v.senses) senses.set(v.senses, p * 5);
    mask[p] = v.flat.mask;
  });
  return { count, start, idx, val, senses, mask };
}

/** compare(a, b): the same number as compare(b, a). */
export function compareVectors(a: TasteVector, b: TasteVector, weights: Weights, vocab: VocabularyIndex): Comparison {
  return comparer(a, weights, vocab).compare(b);
}

/** A score as the contract answers it: 0-100. */
export const percent = (score: number) => Math.max(0, Math.min(100, Math.round(score * 100)));
