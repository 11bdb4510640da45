import type { ArtMotif, SeedAttribute, SeedProduct } from './types.ts';

/** Small deterministic PRNG (mulberry32): the same N always generates the same catalogue. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const KINDS: { typeId: string; motifs: ArtMotif[]; en: string[]; zh: string[]; unitEn: string; unitZh: string; base: number }[] = [
  { typeId: 'tea', motifs: ['leaf', 'teapot', 'cup'], en: ['Oolong', 'Green Tea', 'White Tea', 'Black Tea', "Pu'er"], zh: ['烏龍', '綠茶', '白茶', '紅茶', '普洱'], unitEn: '50 g', unitZh: '50 克', base: 9800 },
  { typeId: 'coffee', motifs: ['bean', 'pourover', 'cup'], en: ['Espresso Roast', 'Filter Roast', 'Single Origin', 'House Blend'], zh: ['濃縮烘焙', '手沖烘焙', '單一產地', '招牌拼配'], unitEn: '250 g', unitZh: '250 克', base: 16800 },
  { typeId: 'incense', motifs: ['incense', 'censer'], en: ['Sandalwood Sticks', 'Hinoki Cones', 'Agarwood Coil'], zh: ['檀香線香', '檜木香錐', '沉香盤香'], unitEn: '40 sticks', unitZh: '40 支', base: 12800 },
  { typeId: 'spirits', motifs: ['bottle', 'glass'], en: ['Single Malt', 'Rice Spirit', 'Plum Wine', 'Dry Gin'], zh: ['單一麥芽', '米酒', '梅酒', '氈酒'], unitEn: '700 ml', unitZh: '700 毫升', base: 48800 },
  { typeId: 'equipment', motifs: ['kettle', 'teapot', 'pourover'], en: ['Gaiwan', 'Dripper', 'Kettle', 'Tea Tray'], zh: ['蓋碗', '濾杯', '手沖壺', '茶盤'], unitEn: 'piece', unitZh: '件', base: 22800 },
];
const PLACES_EN = ['Mountain', 'Harbour', 'Valley', 'Island', 'Garden', 'Terrace', 'River', 'Cloud'];
const PLACES_ZH = ['高山', '海港', '山谷', '島嶼', '庭園', '梯田', '河畔', '雲霧'];

/** Generates `count` products numbered from `offset`, for benchmarks at catalogue scale. */
export function generateProducts(count: number, offset: number, attributes: readonly SeedAttribute[]): SeedProduct[] {
  const random = prng(offset + 1);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  return Array.from({ length: count }, (_, i) => {
    const n = offset + i + 1;
    const kind = pick(KINDS);
    const k = Math.floor(random() * kind.en.length);
    const p = Math.floor(random() * PLACES_EN.length);
    const nameEn = `${PLACES_EN[p]} ${kind.en[k]} No. ${n}`;
    const nameZh = `${PLACES_ZH[p]}${kind.zh[k]} 第${n}號`;
    const priceHkd = kind.base + Math.floor(random() * 40) * 500;
    const id = `gen-${n}`;
    return {
      id,
      typeId: kind.typeId,
      nameEn,
      nameZh,
      descriptionEn: `${nameEn}: a generated catalogue entry for load testing, ${kind.unitEn}.`,
      descriptionZh: `${nameZh}：供負載測試使用的目錄項目，${kind.unitZh}。`,
      images: [`${pick(kind.motifs)}-${Math.floor(random() * 360)}-${Math.floor(random() * 10)}`],
      attributeIds: [pick(attributes).id, pick(attributes).id].filter((a, j, all) => all.indexOf(a) === j),
      soldCount: Math.floor(random() * 1000),
      addedDaysAgo: Math.floor(random() * 720),
      variances: [
        {
          id: `${id}-std`,
          nameEn: kind.unitEn,
          nameZh: kind.unitZh,
          priceHkd,
          priceUsd: Math.round(priceHkd / 7.8 / 50) * 50,
          stock: Math.floor(random() * 200),
        },
      ],
    };
  });
}
