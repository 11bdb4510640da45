/**
 * The taste vocabulary (issue 16): taste notes and aromas grouped like a flavour wheel, in English and Hong
 * Kong Traditional Chinese, each tagged with the drinks it applies to. Built from published sensory lexicons:
 * the SCA / World Coffee Research coffee taster's flavour wheel (fruity, floral, sweet, nutty/cocoa, spices,
 * roasted, green/vegetative, sour/fermented), tea aroma wheels (floral, fruity, roasted, green, mineral
 * "rock character", aged storage), whisky and spirits flavour wheels (cereal, peat, wood, winey, sulphur-free
 * subset) and the incense scent families (agarwood, sandalwood and woods, resins, florals, spices, herbs).
 *
 * IDs are stable and readable: `fam-fruity`, `sub-citrus`, `note-yuzu`, `fam-aroma-agarwood`, `aroma-kyara`;
 * taste cards and event surveys store them, so an ID is never renamed (add a new one instead).
 * Drinks are written as letters: t tea, c coffee, i incense, s spirits.
 */
import type { DrinkKind } from '../../../contract/taste-vocabulary.ts';

export interface SeedTasteIcon {
  id: string;
  nameEn: string;
  nameZh: string;
  svg: string;
}

type Drinks = string; // letters of DRINK_LETTERS
type Entry = readonly [slug: string, en: string, zh: string, drinks: Drinks];

const DRINK_LETTERS: Record<string, DrinkKind> = { t: 'tea', c: 'coffee', i: 'incense', s: 'spirits' };

export function drinksOf(letters: Drinks): DrinkKind[] {
  return [...letters].map((l) => {
    const kind = DRINK_LETTERS[l];
    if (!kind) throw new Error(`Unknown drink letter ${l}`);
    return kind;
  });
}

// ------------------------------------------------------------------------------------------------ icons

/**
 * One drawing style for every icon: a 24 × 24 view, a dark brown 1.6 px rounded stroke and one soft fill,
 * so a row of notes reads as one set. Titled for screen readers when opened on its own.
 */
function icon(id: string, nameEn: string, nameZh: string, body: string): SeedTasteIcon {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="#4A3B2F" ` +
    `stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round" role="img"><title>${nameEn}</title>${body}</svg>`;
  return { id, nameEn, nameZh, svg };
}

export const tasteIcons: readonly SeedTasteIcon[] = [
  icon('fruit', 'Fruit', '水果', '<path d="M12 8c-4-2-8 1-7 6s4 7 7 6c3 1 6-1 7-6s-3-8-7-6z" fill="#F6C9A8"/><path d="M12 8c0-2 1-4 3-5"/><path d="M12 8c-1-2-3-2-4-1 1 1 3 2 4 1z" fill="#B7D7A8"/>'),
  icon('citrus', 'Citrus', '柑橘', '<circle cx="12" cy="12" r="8" fill="#FBE29A"/><circle cx="12" cy="12" r="5"/><path d="M12 7v10M7 12h10M8.5 8.5l7 7M15.5 8.5l-7 7"/>'),
  icon('berry', 'Berries', '莓果', '<circle cx="9" cy="14" r="3.5" fill="#D9A3C8"/><circle cx="15" cy="14" r="3.5" fill="#D9A3C8"/><circle cx="12" cy="9" r="3.5" fill="#D9A3C8"/><path d="M12 5.5V3l2-1"/>'),
  icon('flower', 'Flower', '花', '<circle cx="12" cy="6.5" r="3" fill="#F4C2C2"/><circle cx="17.2" cy="10.3" r="3" fill="#F4C2C2"/><circle cx="15.2" cy="16.4" r="3" fill="#F4C2C2"/><circle cx="8.8" cy="16.4" r="3" fill="#F4C2C2"/><circle cx="6.8" cy="10.3" r="3" fill="#F4C2C2"/><circle cx="12" cy="12" r="2" fill="#F3D36B"/>'),
  icon('sweet', 'Sweet', '甜', '<path d="M12 3c3 4 6 7.5 6 11a6 6 0 0 1-12 0c0-3.5 3-7 6-11z" fill="#F0C987"/><path d="M9.5 14.5a2.5 2.5 0 0 0 2.5 2.5"/>'),
  icon('honey', 'Honey', '蜂蜜', '<path d="M12 3l6 3.5v7L12 17l-6-3.5v-7z" fill="#F5C451"/><path d="M12 17v2.5a1.5 1.5 0 0 0 3 0V15"/>'),
  icon('chocolate', 'Chocolate', '朱古力', '<rect x="5" y="4" width="14" height="16" rx="1.5" fill="#A9745A"/><path d="M5 9.3h14M5 14.6h14M12 4v16"/>'),
  icon('nut', 'Nut', '堅果', '<path d="M12 3c4 3 6 7 5 11s-3 6-5 7c-2-1-4-3-5-7s1-8 5-11z" fill="#E2C29B"/><path d="M12 7c1.5 3 1.5 7 0 11"/>'),
  icon('grain', 'Grain', '穀物', '<path d="M12 21V6"/><path d="M12 8c-2-.5-3.5-2-3.5-4 2 0 3.5 1.5 3.5 4zM12 8c2-.5 3.5-2 3.5-4-2 0-3.5 1.5-3.5 4zM12 13c-2-.5-3.5-2-3.5-4 2 0 3.5 1.5 3.5 4zM12 13c2-.5 3.5-2 3.5-4-2 0-3.5 1.5-3.5 4zM12 18c-2-.5-3.5-2-3.5-4 2 0 3.5 1.5 3.5 4zM12 18c2-.5 3.5-2 3.5-4-2 0-3.5 1.5-3.5 4z" fill="#EED69A"/>'),
  icon('flame', 'Roast', '烘焙', '<path d="M12 3c1 3 5 5 5 10a5 5 0 0 1-10 0c0-3 2-4 2-6 1 1 2 2 2 3 0-3 0-5 1-7z" fill="#F4A261"/>'),
  icon('smoke', 'Smoke', '煙燻', '<path d="M8 20c-2-3 2-5 0-8s2-5 0-8"/><path d="M13 20c-2-3 2-5 0-8s2-5 0-8"/><path d="M18 20c-2-3 2-5 0-8"/>'),
  icon('spice', 'Spice', '香料', '<path d="M12 3l1.6 5.2 4.8-2.6-2.6 4.8L21 12l-5.2 1.6 2.6 4.8-4.8-2.6L12 21l-1.6-5.2-4.8 2.6 2.6-4.8L3 12l5.2-1.6-2.6-4.8 4.8 2.6z" fill="#D98B5F"/><circle cx="12" cy="12" r="1.5"/>'),
  icon('leaf', 'Leaf', '葉', '<path d="M5 19C5 10 10 5 19 5c0 9-5 14-14 14z" fill="#B7D7A8"/><path d="M5 19l9-9"/>'),
  icon('herb', 'Herb', '香草', '<path d="M12 21V5"/><path d="M12 9c-3 0-5-2-5-4 3 0 5 2 5 4zM12 9c3 0 5-2 5-4-3 0-5 2-5 4zM12 15c-3 0-5-2-5-4 3 0 5 2 5 4zM12 15c3 0 5-2 5-4-3 0-5 2-5 4z" fill="#A8D5BA"/>'),
  icon('earth', 'Earth', '泥土', '<path d="M3 15c3-2 6-2 9 0s6 2 9 0v5H3z" fill="#C7A27C"/><path d="M12 14V9"/><path d="M12 9c-2 0-3.5-1.5-3.5-3.5 2 0 3.5 1.5 3.5 3.5zM12 9c2 0 3.5-1.5 3.5-3.5-2 0-3.5 1.5-3.5 3.5z" fill="#B7D7A8"/>'),
  icon('stone', 'Mineral', '礦物', '<path d="M4 17l3-7 5-3 6 2 2 8z" fill="#C9CED6"/><path d="M12 7l1 5-6 5M13 12l7 5"/>'),
  icon('wood', 'Wood', '木', '<path d="M7 6h10c2 0 3 3 3 6s-1 6-3 6H7" fill="#D9B382"/><ellipse cx="7" cy="12" rx="3.5" ry="6" fill="#EBD0A6"/><ellipse cx="7" cy="12" rx="1.5" ry="3"/>'),
  icon('resin', 'Resin', '樹脂', '<path d="M6 3v18M18 3v18"/><path d="M12 6c2 3 3.5 5 3.5 7a3.5 3.5 0 0 1-7 0c0-2 1.5-4 3.5-7z" fill="#F2B84B"/>'),
  icon('agarwood', 'Agarwood', '沉香', '<path d="M4 15l5-8 11 3-4 8z" fill="#8C6A4F"/><path d="M7 13l4-1 3 2M10 9l2 3"/><path d="M14 6c-1-1 1-2 0-3"/>'),
  icon('bubbles', 'Fermented', '發酵', '<circle cx="9" cy="15" r="4" fill="#E7D7F0"/><circle cx="16" cy="9" r="3" fill="#E7D7F0"/><circle cx="16.5" cy="17" r="1.8"/><circle cx="9" cy="6" r="1.5"/>'),
  icon('milk', 'Dairy', '奶香', '<path d="M9 3h6v3l2 3v11a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V9l2-3z" fill="#F5F1E6"/><path d="M7 12h10"/>'),
];

// ------------------------------------------------------------------------------------------ taste notes

export interface SeedSubFamily {
  id: string;
  nameEn: string;
  nameZh: string;
  /** The icon of its notes. */
  icon: string;
  notes: readonly Entry[];
}

export interface SeedNoteFamily {
  id: string;
  nameEn: string;
  nameZh: string;
  icon: string;
  subFamilies: readonly SeedSubFamily[];
}

/** The taste-note wheel, in wheel order: families, their sub-families, their notes. */
export const noteFamilies: readonly SeedNoteFamily[] = [
  {
    id: 'fam-fruity',
    nameEn: 'Fruity',
    nameZh: '果香',
    icon: 'fruit',
    subFamilies: [
      {
        id: 'sub-citrus',
        nameEn: 'Citrus',
        nameZh: '柑橘',
        icon: 'citrus',
        notes: [
          ['lemon', 'Lemon', '檸檬', 'tcs'],
          ['lime', 'Lime', '青檸', 'cs'],
          ['yuzu', 'Yuzu', '柚子', 'tcs'],
          ['grapefruit', 'Grapefruit', '西柚', 'tcs'],
          ['orange', 'Orange', '橙', 'tcs'],
          ['mandarin-peel', 'Aged mandarin peel', '陳皮', 'tcis'],
          ['bergamot', 'Bergamot', '佛手柑', 'tcis'],
          ['kumquat', 'Kumquat', '金桔', 'tcs'],
          ['citrus-zest', 'Citrus zest', '柑橘皮', 'cs'],
        ],
      },
      {
        id: 'sub-berry',
        nameEn: 'Berries',
        nameZh: '莓果',
        icon: 'berry',
        notes: [
          ['strawberry', 'Strawberry', '士多啤梨', 'tcs'],
          ['raspberry', 'Raspberry', '紅桑子', 'cs'],
          ['blackberry', 'Blackberry', '黑莓', 'cs'],
          ['blueberry', 'Blueberry', '藍莓', 'cs'],
          ['blackcurrant', 'Blackcurrant', '黑加侖子', 'tcs'],
          ['redcurrant', 'Redcurrant', '紅加侖子', 'cs'],
          ['cranberry', 'Cranberry', '蔓越莓', 'cs'],
          ['mulberry', 'Mulberry', '桑子', 'ts'],
        ],
      },
      {
        id: 'sub-stone-fruit',
        nameEn: 'Stone fruit',
        nameZh: '核果',
        icon: 'fruit',
        notes: [
          ['peach', 'Peach', '蜜桃', 'tcs'],
          ['apricot', 'Apricot', '杏', 'tcs'],
          ['plum', 'Plum', '李子', 'tcs'],
          ['cherry', 'Cherry', '車厘子', 'cs'],
          ['nectarine', 'Nectarine', '油桃', 'cs'],
          ['lychee', 'Lychee', '荔枝', 'tcs'],
          ['longan', 'Longan', '龍眼', 'ts'],
          ['green-plum', 'Green plum', '青梅', 'ts'],
        ],
      },
      {
        id: 'sub-tropical',
        nameEn: 'Tropical fruit',
        nameZh: '熱帶水果',
        icon: 'fruit',
        notes: [
          ['mango', 'Mango', '芒果', 'tcs'],
          ['pineapple', 'Pineapple', '菠蘿', 'cs'],
          ['passion-fruit', 'Passion fruit', '熱情果', 'cs'],
          ['papaya', 'Papaya', '木瓜', 'cs'],
          ['banana', 'Banana', '香蕉', 'cs'],
          ['coconut', 'Coconut', '椰子', 'cs'],
          ['guava', 'Guava', '番石榴', 'ts'],
          ['melon', 'Honeydew melon', '蜜瓜', 'tcs'],
        ],
      },
      {
        id: 'sub-orchard',
        nameEn: 'Orchard fruit',
        nameZh: '果園水果',
        icon: 'fruit',
        notes: [
          ['green-apple', 'Green apple', '青蘋果', 'tcs'],
          ['red-apple', 'Red apple', '紅蘋果', 'cs'],
          ['pear', 'Pear', '梨', 'tcs'],
          ['white-grape', 'White grape', '白提子', 'tcs'],
          ['red-grape', 'Red grape', '紅提子', 'cs'],
          ['muscat', 'Muscat grape', '麝香葡萄', 'ts'],
          ['persimmon', 'Persimmon', '柿', 'ts'],
        ],
      },
      {
        id: 'sub-dried-fruit',
        nameEn: 'Dried fruit',
        nameZh: '乾果',
        icon: 'fruit',
        notes: [
          ['raisin', 'Raisin', '提子乾', 'cs'],
          ['prune', 'Prune', '西梅', 'cs'],
          ['red-date', 'Red date', '紅棗', 'tcs'],
          ['fig', 'Fig', '無花果', 'cs'],
          ['dried-apricot', 'Dried apricot', '杏脯', 'cs'],
          ['candied-peel', 'Candied peel', '糖漬果皮', 'cs'],
          ['dried-longan', 'Dried longan', '桂圓', 'ts'],
        ],
      },
    ],
  },
  {
    id: 'fam-floral',
    nameEn: 'Floral',
    nameZh: '花香',
    icon: 'flower',
    subFamilies: [
      {
        id: 'sub-white-flowers',
        nameEn: 'White flowers',
        nameZh: '白花',
        icon: 'flower',
        notes: [
          ['jasmine', 'Jasmine', '茉莉花', 'tcis'],
          ['orange-blossom', 'Orange blossom', '橙花', 'tcis'],
          ['gardenia', 'Gardenia', '梔子花', 'tis'],
          ['honeysuckle', 'Honeysuckle', '金銀花', 'tc'],
          ['osmanthus', 'Osmanthus', '桂花', 'tcis'],
          ['magnolia', 'Magnolia', '白蘭花', 'ti'],
          ['lily', 'Lily', '百合', 'ti'],
        ],
      },
      {
        id: 'sub-blossom',
        nameEn: 'Blossoms and petals',
        nameZh: '花瓣',
        icon: 'flower',
        notes: [
          ['rose', 'Rose', '玫瑰', 'tcis'],
          ['violet', 'Violet', '紫羅蘭', 'cs'],
          ['orchid', 'Orchid', '蘭花', 'ti'],
          ['lavender', 'Lavender', '薰衣草', 'tis'],
          ['chamomile', 'Chamomile', '洋甘菊', 'tc'],
          ['elderflower', 'Elderflower', '接骨木花', 'cs'],
          ['chrysanthemum', 'Chrysanthemum', '菊花', 't'],
          ['hibiscus', 'Hibiscus', '洛神花', 'tc'],
          ['cherry-blossom', 'Cherry blossom', '櫻花', 'tis'],
        ],
      },
    ],
  },
  {
    id: 'fam-sweet',
    nameEn: 'Sweet',
    nameZh: '甜香',
    icon: 'sweet',
    subFamilies: [
      {
        id: 'sub-brown-sugar',
        nameEn: 'Brown sugar',
        nameZh: '焦糖化',
        icon: 'sweet',
        notes: [
          ['caramel', 'Caramel', '焦糖', 'tcs'],
          ['brown-sugar', 'Brown sugar', '黑糖', 'tcs'],
          ['molasses', 'Molasses', '糖蜜', 'cs'],
          ['toffee', 'Toffee', '拖肥糖', 'cs'],
          ['butterscotch', 'Butterscotch', '牛油糖', 'cs'],
          ['maple-syrup', 'Maple syrup', '楓糖漿', 'cs'],
          ['rock-sugar', 'Rock sugar', '冰糖', 'ts'],
          ['malt-syrup', 'Malt syrup', '麥芽糖', 'tcs'],
        ],
      },
      {
        id: 'sub-honey',
        nameEn: 'Honey',
        nameZh: '蜜香',
        icon: 'honey',
        notes: [
          ['honey', 'Honey', '蜂蜜', 'tcis'],
          ['wildflower-honey', 'Wildflower honey', '百花蜜', 'ts'],
          ['longan-honey', 'Longan honey', '龍眼蜜', 'tc'],
          ['beeswax', 'Beeswax', '蜂蠟', 'is'],
        ],
      },
      {
        id: 'sub-vanilla',
        nameEn: 'Vanilla',
        nameZh: '雲呢拿',
        icon: 'sweet',
        notes: [
          ['vanilla', 'Vanilla', '雲呢拿', 'cis'],
          ['marshmallow', 'Marshmallow', '棉花糖', 'c'],
          ['custard', 'Custard', '吉士', 'cs'],
        ],
      },
      {
        id: 'sub-chocolate',
        nameEn: 'Cocoa',
        nameZh: '可可',
        icon: 'chocolate',
        notes: [
          ['cocoa', 'Cocoa', '可可', 'cs'],
          ['dark-chocolate', 'Dark chocolate', '黑朱古力', 'cs'],
          ['milk-chocolate', 'Milk chocolate', '牛奶朱古力', 'cs'],
          ['cacao-nib', 'Cacao nib', '可可碎粒', 'c'],
        ],
      },
    ],
  },
  {
    id: 'fam-nutty',
    nameEn: 'Nutty and cereal',
    nameZh: '堅果及穀物',
    icon: 'nut',
    subFamilies: [
      {
        id: 'sub-nuts',
        nameEn: 'Nuts',
        nameZh: '堅果',
        icon: 'nut',
        notes: [
          ['almond', 'Almond', '杏仁', 'tcs'],
          ['hazelnut', 'Hazelnut', '榛子', 'cs'],
          ['walnut', 'Walnut', '合桃', 'cs'],
          ['peanut', 'Peanut', '花生', 'tc'],
          ['chestnut', 'Chestnut', '栗子', 'tcs'],
          ['pecan', 'Pecan', '碧根果', 'cs'],
          ['macadamia', 'Macadamia', '夏威夷果仁', 'c'],
          ['sesame', 'Sesame', '芝麻', 'tc'],
          ['pine-nut', 'Pine nut', '松子', 'ts'],
        ],
      },
      {
        id: 'sub-cereal',
        nameEn: 'Cereal and bakery',
        nameZh: '穀物及烘焙點心',
        icon: 'grain',
        notes: [
          ['malt', 'Malt', '麥芽', 'tcs'],
          ['toasted-rice', 'Toasted rice', '炒米', 'ts'],
          ['roasted-barley', 'Roasted barley', '炒大麥', 'tcs'],
          ['bread-crust', 'Bread crust', '麵包皮', 'cs'],
          ['biscuit', 'Biscuit', '餅乾', 'tcs'],
          ['oat', 'Oat', '燕麥', 'cs'],
          ['steamed-rice', 'Steamed rice', '飯香', 's'],
          ['sweet-potato', 'Roasted sweet potato', '番薯', 't'],
        ],
      },
    ],
  },
  {
    id: 'fam-roasted',
    nameEn: 'Roasted and smoky',
    nameZh: '烘焙及煙燻',
    icon: 'flame',
    subFamilies: [
      {
        id: 'sub-roasted',
        nameEn: 'Roasted',
        nameZh: '烘焙',
        icon: 'flame',
        notes: [
          ['charcoal-roast', 'Charcoal roasted', '炭焙', 't'],
          ['toasty', 'Toasty', '烤香', 'tcs'],
          ['roasted-nuts', 'Roasted nuts', '烘烤堅果', 'tcs'],
          ['roasted-grain', 'Roasted grain', '焙穀香', 'tcs'],
          ['dark-roast', 'Dark roast', '深焙', 'c'],
          ['burnt', 'Burnt', '焦苦', 'c'],
          ['coffee', 'Coffee', '咖啡', 'ts'],
        ],
      },
      {
        id: 'sub-smoky',
        nameEn: 'Smoky',
        nameZh: '煙燻',
        icon: 'smoke',
        notes: [
          ['smoke', 'Smoke', '煙燻', 'tcis'],
          ['peat-smoke', 'Peat smoke', '泥煤煙燻', 's'],
          ['pine-smoke', 'Pine smoke', '松煙', 't'],
          ['campfire', 'Campfire', '營火', 's'],
          ['tobacco', 'Tobacco', '煙草', 'tcis'],
          ['ash', 'Ash', '煙灰', 'cs'],
          ['tar', 'Tar', '焦油', 's'],
          ['smoked-meat', 'Smoked meat', '煙燻肉', 's'],
        ],
      },
    ],
  },
  {
    id: 'fam-spicy',
    nameEn: 'Spicy',
    nameZh: '辛香',
    icon: 'spice',
    subFamilies: [
      {
        id: 'sub-warm-spice',
        nameEn: 'Warm spice',
        nameZh: '暖香料',
        icon: 'spice',
        notes: [
          ['cinnamon', 'Cinnamon', '肉桂', 'tcis'],
          ['clove', 'Clove', '丁香', 'cis'],
          ['nutmeg', 'Nutmeg', '肉豆蔻', 'cs'],
          ['star-anise', 'Star anise', '八角', 'tis'],
          ['cardamom', 'Cardamom', '小豆蔻', 'cis'],
          ['saffron', 'Saffron', '番紅花', 'is'],
          ['aniseed', 'Aniseed', '茴香', 'cs'],
        ],
      },
      {
        id: 'sub-pungent-spice',
        nameEn: 'Pungent spice',
        nameZh: '辛辣香料',
        icon: 'spice',
        notes: [
          ['black-pepper', 'Black pepper', '黑胡椒', 'tcs'],
          ['ginger', 'Ginger', '薑', 'tcs'],
          ['sichuan-pepper', 'Sichuan pepper', '花椒', 's'],
          ['licorice', 'Liquorice', '甘草', 'tcis'],
        ],
      },
    ],
  },
  {
    id: 'fam-green',
    nameEn: 'Green and herbal',
    nameZh: '青草及草本',
    icon: 'leaf',
    subFamilies: [
      {
        id: 'sub-fresh-green',
        nameEn: 'Fresh green',
        nameZh: '清新青香',
        icon: 'leaf',
        notes: [
          ['fresh-grass', 'Fresh grass', '青草', 'tcs'],
          ['hay', 'Hay', '乾草', 'tcs'],
          ['green-bean', 'Green bean', '青豆', 'tc'],
          ['snap-pea', 'Snap pea', '豌豆', 'tc'],
          ['seaweed', 'Seaweed', '海苔', 't'],
          ['spinach', 'Spinach', '菠菜', 't'],
          ['bamboo', 'Bamboo leaf', '竹葉', 'ts'],
          ['cucumber', 'Cucumber', '青瓜', 'ts'],
          ['fresh-leaf', 'Fresh tea leaf', '鮮葉', 't'],
          ['chinese-olive', 'Chinese olive', '橄欖', 'ts'],
        ],
      },
      {
        id: 'sub-herbal',
        nameEn: 'Herbal',
        nameZh: '草本',
        icon: 'herb',
        notes: [
          ['mint', 'Mint', '薄荷', 'tcis'],
          ['basil', 'Basil', '羅勒', 'ts'],
          ['thyme', 'Thyme', '百里香', 's'],
          ['sage', 'Sage', '鼠尾草', 'is'],
          ['eucalyptus', 'Eucalyptus', '尤加利', 'tis'],
          ['juniper', 'Juniper', '杜松子', 's'],
          ['lemongrass', 'Lemongrass', '香茅', 'tis'],
          ['rosemary', 'Rosemary', '迷迭香', 'is'],
          ['chinese-herbs', 'Chinese herbs', '中藥', 'tis'],
          ['ginseng', 'Ginseng', '人參', 'ts'],
        ],
      },
    ],
  },
  {
    id: 'fam-earthy',
    nameEn: 'Earthy and mineral',
    nameZh: '泥土及礦物',
    icon: 'earth',
    subFamilies: [
      {
        id: 'sub-earth',
        nameEn: 'Earth',
        nameZh: '泥土',
        icon: 'earth',
        notes: [
          ['wet-earth', 'Wet earth', '濕泥土', 'tcs'],
          ['forest-floor', 'Forest floor', '林地', 'tis'],
          ['mushroom', 'Mushroom', '菇菌', 'ts'],
          ['aged-storage', 'Aged storage', '陳香', 'tis'],
          ['camphor', 'Camphor', '樟香', 'ti'],
          ['musty', 'Musty', '霉味', 'tcs'],
          ['leather', 'Leather', '皮革', 'tcis'],
          ['beetroot', 'Beetroot', '紅菜頭', 'c'],
          ['truffle', 'Truffle', '松露', 's'],
        ],
      },
      {
        id: 'sub-mineral',
        nameEn: 'Mineral',
        nameZh: '礦物',
        icon: 'stone',
        notes: [
          ['mineral', 'Mineral', '礦物', 'tcs'],
          ['rock-character', 'Rock character', '岩韻', 't'],
          ['wet-stone', 'Wet stone', '濕石', 'ts'],
          ['flint', 'Flint', '燧石', 's'],
          ['sea-salt', 'Sea salt', '海鹽', 'ts'],
          ['iodine', 'Iodine', '碘', 's'],
          ['chalk', 'Chalk', '白堊', 's'],
        ],
      },
    ],
  },
  {
    id: 'fam-woody',
    nameEn: 'Woody and resinous',
    nameZh: '木質及樹脂',
    icon: 'wood',
    subFamilies: [
      {
        id: 'sub-wood',
        nameEn: 'Wood',
        nameZh: '木香',
        icon: 'wood',
        notes: [
          ['oak', 'Oak', '橡木', 's'],
          ['toasted-oak', 'Toasted oak', '烘烤橡木', 's'],
          ['cedar', 'Cedar', '雪松', 'tcis'],
          ['sandalwood', 'Sandalwood', '檀香', 'tis'],
          ['agarwood', 'Agarwood', '沉香', 'tis'],
          ['pine', 'Pine', '松木', 'tis'],
          ['hinoki', 'Hinoki', '檜木', 'is'],
          ['cigar-box', 'Cigar box', '雪茄盒', 'cs'],
        ],
      },
      {
        id: 'sub-resin',
        nameEn: 'Resin',
        nameZh: '樹脂',
        icon: 'resin',
        notes: [
          ['frankincense', 'Frankincense', '乳香', 'is'],
          ['myrrh', 'Myrrh', '沒藥', 'i'],
          ['benzoin', 'Benzoin', '安息香', 'i'],
          ['pine-resin', 'Pine resin', '松脂', 'tis'],
          ['amber', 'Amber', '琥珀', 'is'],
        ],
      },
    ],
  },
  {
    id: 'fam-sour-fermented',
    nameEn: 'Sour and fermented',
    nameZh: '酸香及發酵',
    icon: 'bubbles',
    subFamilies: [
      {
        id: 'sub-sour',
        nameEn: 'Sour',
        nameZh: '酸質',
        icon: 'citrus',
        notes: [
          ['bright-acidity', 'Bright acidity', '明亮酸質', 'c'],
          ['citric-acid', 'Citric acidity', '檸檬酸', 'c'],
          ['malic-acid', 'Malic acidity', '蘋果酸', 'cs'],
          ['acetic', 'Vinegar', '醋酸', 'cs'],
          ['sour-plum', 'Sour plum', '酸梅', 'ts'],
        ],
      },
      {
        id: 'sub-fermented',
        nameEn: 'Fermented',
        nameZh: '發酵',
        icon: 'bubbles',
        notes: [
          ['winey', 'Winey', '酒香', 'cs'],
          ['yeast', 'Yeast', '酵母', 's'],
          ['koji', 'Koji', '米麴', 's'],
          ['overripe-fruit', 'Overripe fruit', '過熟水果', 'cs'],
          ['soy-sauce', 'Soy sauce', '豉油', 's'],
          ['fermented-fruit', 'Fermented fruit', '發酵果香', 'c'],
          ['umami', 'Umami', '鮮味', 'ts'],
        ],
      },
    ],
  },
  {
    id: 'fam-creamy',
    nameEn: 'Creamy',
    nameZh: '奶香',
    icon: 'milk',
    subFamilies: [
      {
        id: 'sub-dairy',
        nameEn: 'Dairy',
        nameZh: '奶類',
        icon: 'milk',
        notes: [
          ['cream', 'Cream', '忌廉', 'tcs'],
          ['butter', 'Butter', '牛油', 'tcs'],
          ['milk', 'Milky', '奶香', 'tc'],
          ['yoghurt', 'Yoghurt', '乳酪', 'cs'],
          ['condensed-milk', 'Condensed milk', '煉奶', 'c'],
        ],
      },
    ],
  },
];

// --------------------------------------------------------------------------------------------- aromas

export interface SeedAromaFamily {
  id: string;
  nameEn: string;
  nameZh: string;
  icon: string;
  aromas: readonly Entry[];
}

/** Aromas by scent family, in wheel order; the incense families (agarwood, woods, resins) first-class. */
export const aromaFamilies: readonly SeedAromaFamily[] = [
  {
    id: 'fam-aroma-agarwood',
    nameEn: 'Agarwood',
    nameZh: '沉香',
    icon: 'agarwood',
    aromas: [
      ['agarwood', 'Agarwood', '沉香', 'tis'],
      ['kyara', 'Kyara', '奇楠', 'i'],
      ['hainan-agarwood', 'Hainan agarwood', '海南沉香', 'i'],
      ['vietnamese-agarwood', 'Vietnamese agarwood', '越南沉香', 'i'],
      ['kalimantan-agarwood', 'Kalimantan agarwood', '加里曼丹沉香', 'i'],
      ['oud', 'Oud oil', '沉香油', 'is'],
    ],
  },
  {
    id: 'fam-aroma-woody',
    nameEn: 'Woody',
    nameZh: '木香',
    icon: 'wood',
    aromas: [
      ['sandalwood', 'Sandalwood', '檀香', 'tis'],
      ['mysore-sandalwood', 'Old mountain sandalwood', '老山檀', 'i'],
      ['cedarwood', 'Cedarwood', '雪松木', 'is'],
      ['hinoki', 'Hinoki', '檜木', 'is'],
      ['oak', 'Oak', '橡木', 's'],
      ['pine', 'Pine', '松木', 'tis'],
      ['camphor-wood', 'Camphor wood', '樟木', 'ti'],
      ['vetiver', 'Vetiver', '岩蘭草', 'is'],
    ],
  },
  {
    id: 'fam-aroma-resinous',
    nameEn: 'Resinous',
    nameZh: '樹脂',
    icon: 'resin',
    aromas: [
      ['frankincense', 'Frankincense', '乳香', 'i'],
      ['myrrh', 'Myrrh', '沒藥', 'i'],
      ['benzoin', 'Benzoin', '安息香', 'i'],
      ['labdanum', 'Labdanum', '岩玫瑰', 'i'],
      ['amber', 'Amber', '琥珀', 'is'],
      ['borneol', 'Borneol', '龍腦', 'i'],
      ['pine-resin', 'Pine resin', '松脂', 'tis'],
    ],
  },
  {
    id: 'fam-aroma-floral',
    nameEn: 'Floral',
    nameZh: '花香',
    icon: 'flower',
    aromas: [
      ['jasmine', 'Jasmine', '茉莉花', 'tcis'],
      ['rose', 'Rose', '玫瑰', 'tcis'],
      ['osmanthus', 'Osmanthus', '桂花', 'tis'],
      ['orchid', 'Orchid', '蘭花', 'ti'],
      ['orange-blossom', 'Orange blossom', '橙花', 'tcis'],
      ['lavender', 'Lavender', '薰衣草', 'is'],
      ['gardenia', 'Gardenia', '梔子花', 'ti'],
      ['lily', 'Lily', '百合', 'ti'],
      ['chamomile', 'Chamomile', '洋甘菊', 'tc'],
    ],
  },
  {
    id: 'fam-aroma-fruity',
    nameEn: 'Fruity',
    nameZh: '果香',
    icon: 'fruit',
    aromas: [
      ['citrus-peel', 'Citrus peel', '柑橘皮', 'tcis'],
      ['lemon', 'Lemon', '檸檬', 'tcs'],
      ['bergamot', 'Bergamot', '佛手柑', 'tis'],
      ['peach', 'Peach', '蜜桃', 'tcs'],
      ['apple', 'Apple', '蘋果', 'tcs'],
      ['pear', 'Pear', '梨', 'ts'],
      ['berries', 'Berries', '莓果', 'cs'],
      ['tropical-fruit', 'Tropical fruit', '熱帶水果', 'cs'],
      ['dried-fruit', 'Dried fruit', '乾果', 'cs'],
      ['lychee', 'Lychee', '荔枝', 'ts'],
    ],
  },
  {
    id: 'fam-aroma-sweet',
    nameEn: 'Sweet',
    nameZh: '甜香',
    icon: 'sweet',
    aromas: [
      ['honey', 'Honey', '蜂蜜', 'tcis'],
      ['caramel', 'Caramel', '焦糖', 'tcs'],
      ['vanilla', 'Vanilla', '雲呢拿', 'cis'],
      ['chocolate', 'Chocolate', '朱古力', 'cs'],
      ['malt', 'Malt', '麥芽', 'tcs'],
      ['brown-sugar', 'Brown sugar', '黑糖', 'tcs'],
    ],
  },
  {
    id: 'fam-aroma-spicy',
    nameEn: 'Spicy',
    nameZh: '辛香',
    icon: 'spice',
    aromas: [
      ['cinnamon', 'Cinnamon', '肉桂', 'tcis'],
      ['clove', 'Clove', '丁香', 'cis'],
      ['star-anise', 'Star anise', '八角', 'tis'],
      ['pepper', 'Pepper', '胡椒', 'tcs'],
      ['ginger', 'Ginger', '薑', 'tcs'],
      ['cardamom', 'Cardamom', '小豆蔻', 'cis'],
      ['nutmeg', 'Nutmeg', '肉豆蔻', 'cs'],
    ],
  },
  {
    id: 'fam-aroma-herbal',
    nameEn: 'Green and herbal',
    nameZh: '青草及草本',
    icon: 'herb',
    aromas: [
      ['mint', 'Mint', '薄荷', 'tcis'],
      ['fresh-grass', 'Fresh grass', '青草', 'tcs'],
      ['hay', 'Hay', '乾草', 'tcs'],
      ['eucalyptus', 'Eucalyptus', '尤加利', 'tis'],
      ['seaweed', 'Seaweed', '海苔', 't'],
      ['herbal-medicine', 'Herbal medicine', '藥香', 'tis'],
    ],
  },
  {
    id: 'fam-aroma-roasted',
    nameEn: 'Roasted',
    nameZh: '烘焙香',
    icon: 'flame',
    aromas: [
      ['roasted', 'Roasted', '焙火香', 'tcs'],
      ['toasted-bread', 'Toasted bread', '烤麵包', 'cs'],
      ['roasted-nuts', 'Roasted nuts', '烘烤堅果', 'tcs'],
      ['roasted-coffee', 'Roasted coffee', '咖啡香', 'cs'],
    ],
  },
  {
    id: 'fam-aroma-smoky',
    nameEn: 'Smoky',
    nameZh: '煙燻',
    icon: 'smoke',
    aromas: [
      ['smoke', 'Smoke', '煙燻', 'tcis'],
      ['peat-smoke', 'Peat smoke', '泥煤煙燻', 's'],
      ['pine-smoke', 'Pine smoke', '松煙', 't'],
      ['tobacco', 'Tobacco', '煙草', 'tcis'],
      ['charcoal', 'Charcoal', '炭香', 'tis'],
    ],
  },
  {
    id: 'fam-aroma-earthy',
    nameEn: 'Earthy and mineral',
    nameZh: '泥土及礦物',
    icon: 'earth',
    aromas: [
      ['wet-earth', 'Wet earth', '濕泥土', 'tcs'],
      ['mushroom', 'Mushroom', '菇菌', 'ts'],
      ['forest-floor', 'Forest floor', '林地', 'tis'],
      ['aged-storage', 'Aged storage', '陳香', 'tis'],
      ['leather', 'Leather', '皮革', 'cis'],
      ['mineral', 'Mineral', '礦物', 'ts'],
      ['sea-breeze', 'Sea breeze', '海風', 'is'],
    ],
  },
  {
    id: 'fam-aroma-fermented',
    nameEn: 'Fermented',
    nameZh: '發酵',
    icon: 'bubbles',
    aromas: [
      ['winey', 'Winey', '酒香', 'cs'],
      ['yeast', 'Yeast', '酵母', 's'],
      ['koji', 'Koji', '米麴', 's'],
    ],
  },
];

// ------------------------------------------------------------------------------------------- as rows

/** The rows the seed inserts: families (notes' then aromas'), sub-families, notes and aromas, sorted in wheel order. */
export function tasteVocabularyRows() {
  const families = [
    ...noteFamilies.map((f, sort) => ({ id: f.id, kind: 'note' as const, nameEn: f.nameEn, nameZh: f.nameZh, icon: f.icon, sort })),
    ...aromaFamilies.map((f, i) => ({ id: f.id, kind: 'aroma' as const, nameEn: f.nameEn, nameZh: f.nameZh, icon: f.icon, sort: noteFamilies.length + i })),
  ];
  const subFamilies = noteFamilies.flatMap((f) => f.subFamilies.map((s, sort) => ({ id: s.id, familyId: f.id, nameEn: s.nameEn, nameZh: s.nameZh, sort })));
  let noteSort = 0;
  const notes = noteFamilies.flatMap((f) =>
    f.subFamilies.flatMap((s) =>
      s.notes.map(([slug, nameEn, nameZh, drinks]) => ({
        id: `note-${slug}`,
        familyId: f.id,
        subFamilyId: s.id,
        nameEn,
        nameZh,
        drinks: drinksOf(drinks),
        icon: s.icon,
        sort: noteSort++,
      })),
    ),
  );
  let aromaSort = 0;
  const aromas = aromaFamilies.flatMap((f) =>
    f.aromas.map(([slug, nameEn, nameZh, drinks]) => ({
      id: `aroma-${slug}`,
      familyId: f.id,
      nameEn,
      nameZh,
      drinks: drinksOf(drinks),
      icon: f.icon,
      sort: aromaSort++,
    })),
  );
  return { icons: tasteIcons, families, subFamilies, notes, aromas };
}
