/**
 * Catalogue seed data for Sip & Gather: product types, filter attributes, products with their
 * variances, and promotion banners. Plain data only; seed/index.ts derives computed columns.
 *
 * Prices are integer cents. USD prices are roughly HKD / 7.8, rounded to a tidy .00 / .50 / .95.
 *
 * Special cases relied on by tests:
 * - tea-tieguanyin: tea-tieguanyin-50g (stock 120) and tea-tieguanyin-150g (stock 3).
 * - coffee-yirgacheffe: every variance has stock 0 (product out of stock).
 * - incense-agarwood-sticks: a single variance with stock 2.
 * - spirits-baijiu-moutai-style: stopSell, variance stock 10.
 * - tea-long-jing: addedDaysAgo 0 (newest product).
 */
import type { SeedAttribute, SeedBanner, SeedProduct, SeedProductType, SeedVariance } from './types.ts';

/** Builds one variance; `id` is the full variance id (`<productId>-<suffix>`). */
function v(
  id: string,
  nameEn: string,
  nameZh: string,
  priceHkd: number,
  priceUsd: number,
  stock: number,
): SeedVariance {
  return { id, nameEn, nameZh, priceHkd, priceUsd, stock };
}

// ---------------------------------------------------------------------------------------------
// Product types
// ---------------------------------------------------------------------------------------------

export const productTypes: SeedProductType[] = [
  {
    id: 'tea',
    nameEn: 'Tea',
    nameZh: '茶葉',
    descriptionEn:
      'Whole-leaf teas sourced directly from growers in China, Taiwan, Japan and India. From delicate spring greens to aged Pu’er, each is chosen for how it tastes in the cup.',
    descriptionZh:
      '直接向中國、台灣、日本及印度茶農採購的原葉茶。由清新的春季綠茶到陳年普洱，每一款都以杯中滋味為挑選標準。',
    sort: 1,
  },
  {
    id: 'coffee',
    nameEn: 'Coffee',
    nameZh: '咖啡',
    descriptionEn:
      'Single-origin coffees and house blends, roasted in small batches in Hong Kong every week. Buy whole bean for the freshest cup, or ground to suit your brewer.',
    descriptionZh:
      '單一產區咖啡及自家拼配，每星期於香港以小批次烘焙。選購原豆可享最新鮮的風味，亦可按沖煮器具代為研磨。',
    sort: 2,
  },
  {
    id: 'incense',
    nameEn: 'Incense',
    nameZh: '香品',
    descriptionEn:
      'Natural incense sticks and cones made from sandalwood, agarwood, hinoki and botanicals. Low-smoke and free of synthetic fragrance, for a calmer home.',
    descriptionZh:
      '以檀香、沉香、檜木及天然植物製成的線香與塔香。低煙、不含人工香精，為家中帶來一份寧靜。',
    sort: 3,
  },
  {
    id: 'spirits',
    nameEn: 'Spirits',
    nameZh: '酒類',
    descriptionEn:
      'Whisky, sake, baijiu, plum wine and gin chosen to sit alongside a good pot of tea. Sold only to customers aged 18 or over.',
    descriptionZh:
      '精選威士忌、清酒、白酒、梅酒及氈酒，與一壺好茶同樣值得細味。只售予年滿十八歲人士。',
    isAlcohol: true,
    sort: 4,
  },
  {
    id: 'equipment',
    nameEn: 'Equipment',
    nameZh: '器具',
    descriptionEn:
      'Gaiwans, teapots, drippers, kettles and grinders for brewing at home. Practical tools made by craftspeople we know by name.',
    descriptionZh:
      '蓋碗、茶壺、濾杯、手沖壺及磨豆機，助你在家輕鬆沖泡。每件實用器具均出自我們熟悉的工匠之手。',
    sort: 5,
  },
  {
    id: 'boxset',
    nameEn: 'Box Sets',
    nameZh: '禮盒套裝',
    descriptionEn:
      'Curated sets that pair our favourite teas, coffees, incense and spirits. Beautifully boxed and ready to give.',
    descriptionZh: '精心搭配的茶、咖啡、香品及酒類組合。包裝精美，送禮自用皆宜。',
    isBoxset: true,
    sort: 6,
  },
];

// ---------------------------------------------------------------------------------------------
// Filter attributes
// ---------------------------------------------------------------------------------------------

const ORIGIN = { group: 'origin', groupNameEn: 'Origin', groupNameZh: '產地' } as const;
const FLAVOUR = { group: 'flavour', groupNameEn: 'Flavour & Aroma', groupNameZh: '風味及香氣' } as const;
const ROAST = { group: 'roast', groupNameEn: 'Roast', groupNameZh: '烘焙程度' } as const;
const FORM = { group: 'form', groupNameEn: 'Form', groupNameZh: '形態' } as const;
const CAFFEINE = { group: 'caffeine', groupNameEn: 'Caffeine', groupNameZh: '咖啡因' } as const;
const MATERIAL = { group: 'material', groupNameEn: 'Material', groupNameZh: '材質' } as const;

export const attributes: SeedAttribute[] = [
  // Origin
  { id: 'origin:yunnan', ...ORIGIN, nameEn: 'Yunnan', nameZh: '雲南', sort: 1 },
  { id: 'origin:fujian', ...ORIGIN, nameEn: 'Fujian', nameZh: '福建', sort: 2 },
  { id: 'origin:guangdong', ...ORIGIN, nameEn: 'Guangdong', nameZh: '廣東', sort: 3 },
  { id: 'origin:zhejiang', ...ORIGIN, nameEn: 'Zhejiang', nameZh: '浙江', sort: 4 },
  { id: 'origin:anhui', ...ORIGIN, nameEn: 'Anhui', nameZh: '安徽', sort: 5 },
  { id: 'origin:jiangsu', ...ORIGIN, nameEn: 'Jiangsu', nameZh: '江蘇', sort: 6 },
  { id: 'origin:taiwan', ...ORIGIN, nameEn: 'Taiwan', nameZh: '台灣', sort: 7 },
  { id: 'origin:hong_kong', ...ORIGIN, nameEn: 'Hong Kong', nameZh: '香港', sort: 8 },
  { id: 'origin:japan', ...ORIGIN, nameEn: 'Japan', nameZh: '日本', sort: 9 },
  { id: 'origin:india', ...ORIGIN, nameEn: 'India', nameZh: '印度', sort: 10 },
  { id: 'origin:ethiopia', ...ORIGIN, nameEn: 'Ethiopia', nameZh: '埃塞俄比亞', sort: 11 },
  { id: 'origin:kenya', ...ORIGIN, nameEn: 'Kenya', nameZh: '肯雅', sort: 12 },
  { id: 'origin:colombia', ...ORIGIN, nameEn: 'Colombia', nameZh: '哥倫比亞', sort: 13 },
  { id: 'origin:guatemala', ...ORIGIN, nameEn: 'Guatemala', nameZh: '危地馬拉', sort: 14 },
  { id: 'origin:scotland', ...ORIGIN, nameEn: 'Scotland', nameZh: '蘇格蘭', sort: 15 },
  // Flavour & aroma
  { id: 'flavour:floral', ...FLAVOUR, nameEn: 'Floral', nameZh: '花香', sort: 1 },
  { id: 'flavour:fruity', ...FLAVOUR, nameEn: 'Fruity', nameZh: '果香', sort: 2 },
  { id: 'flavour:citrus', ...FLAVOUR, nameEn: 'Citrus', nameZh: '柑橘', sort: 3 },
  { id: 'flavour:sweet', ...FLAVOUR, nameEn: 'Sweet', nameZh: '甘甜', sort: 4 },
  { id: 'flavour:nutty', ...FLAVOUR, nameEn: 'Nutty', nameZh: '堅果', sort: 5 },
  { id: 'flavour:chocolatey', ...FLAVOUR, nameEn: 'Chocolatey', nameZh: '朱古力', sort: 6 },
  { id: 'flavour:woody', ...FLAVOUR, nameEn: 'Woody', nameZh: '木質', sort: 7 },
  { id: 'flavour:earthy', ...FLAVOUR, nameEn: 'Earthy', nameZh: '陳香', sort: 8 },
  { id: 'flavour:smoky', ...FLAVOUR, nameEn: 'Smoky', nameZh: '煙燻', sort: 9 },
  // Roast
  { id: 'roast:light', ...ROAST, nameEn: 'Light roast', nameZh: '淺焙', sort: 1 },
  { id: 'roast:medium', ...ROAST, nameEn: 'Medium roast', nameZh: '中焙', sort: 2 },
  { id: 'roast:dark', ...ROAST, nameEn: 'Dark roast', nameZh: '深焙', sort: 3 },
  // Form
  { id: 'form:loose_leaf', ...FORM, nameEn: 'Loose leaf', nameZh: '散茶', sort: 1 },
  { id: 'form:compressed', ...FORM, nameEn: 'Pressed cake', nameZh: '緊壓茶', sort: 2 },
  { id: 'form:whole_bean', ...FORM, nameEn: 'Whole bean', nameZh: '原豆', sort: 3 },
  { id: 'form:ground', ...FORM, nameEn: 'Ground', nameZh: '咖啡粉', sort: 4 },
  { id: 'form:sticks', ...FORM, nameEn: 'Sticks', nameZh: '線香', sort: 5 },
  { id: 'form:cones', ...FORM, nameEn: 'Cones', nameZh: '塔香', sort: 6 },
  // Caffeine
  { id: 'caffeine:none', ...CAFFEINE, nameEn: 'Caffeine-free', nameZh: '無咖啡因', sort: 1 },
  { id: 'caffeine:low', ...CAFFEINE, nameEn: 'Low caffeine', nameZh: '低咖啡因', sort: 2 },
  { id: 'caffeine:high', ...CAFFEINE, nameEn: 'High caffeine', nameZh: '高咖啡因', sort: 3 },
  // Material
  { id: 'material:porcelain', ...MATERIAL, nameEn: 'Porcelain', nameZh: '瓷', sort: 1 },
  { id: 'material:clay', ...MATERIAL, nameEn: 'Clay', nameZh: '陶', sort: 2 },
  { id: 'material:metal', ...MATERIAL, nameEn: 'Metal', nameZh: '金屬', sort: 3 },
  { id: 'material:wood', ...MATERIAL, nameEn: 'Wood & bamboo', nameZh: '木及竹', sort: 4 },
];

// ---------------------------------------------------------------------------------------------
// Products
// ---------------------------------------------------------------------------------------------

const tea: SeedProduct[] = [
  {
    id: 'tea-tieguanyin',
    typeId: 'tea',
    nameEn: 'Anxi Tieguanyin',
    nameZh: '安溪鐵觀音',
    descriptionEn:
      'A lightly oxidised, tightly rolled oolong from Anxi in Fujian, with an orchid aroma and a creamy, lingering sweetness. Brew it gongfu-style in a gaiwan and it will give six or more infusions.',
    descriptionZh:
      '來自福建安溪的輕發酵球形烏龍，散發幽雅蘭花香，入口綿滑，回甘悠長。以蓋碗功夫泡法沖泡，可續泡六次以上。',
    images: ['leaf-120-2', 'teapot-110-4', 'cup-95-1'],
    attributeIds: ['origin:fujian', 'flavour:floral', 'form:loose_leaf', 'caffeine:low'],
    soldCount: 842,
    addedDaysAgo: 310,
    variances: [
      v('tea-tieguanyin-50g', '50 g', '50 克', 16800, 2150, 120),
      v('tea-tieguanyin-150g', '150 g', '150 克', 45800, 5850, 3),
    ],
  },
  {
    id: 'tea-da-hong-pao',
    typeId: 'tea',
    nameEn: 'Wuyi Da Hong Pao',
    nameZh: '武夷大紅袍',
    descriptionEn:
      'The most famous of the Wuyi rock teas, charcoal-roasted for a deep, mineral body with notes of dark fruit and toasted grain. A warming cup for cool Hong Kong evenings.',
    descriptionZh:
      '武夷岩茶中最負盛名的一款，經炭火焙製，岩韻深厚，帶有熟果及烘穀香氣。最適合在香港清涼的晚上細意品嚐。',
    images: ['leaf-22-3', 'teapot-18-6'],
    attributeIds: ['origin:fujian', 'roast:medium', 'flavour:fruity', 'form:loose_leaf'],
    soldCount: 655,
    addedDaysAgo: 280,
    variances: [
      v('tea-da-hong-pao-50g', '50 g', '50 克', 26800, 3450, 85),
      v('tea-da-hong-pao-100g', '100 g', '100 克', 49800, 6395, 40),
    ],
  },
  {
    id: 'tea-dong-ding',
    typeId: 'tea',
    nameEn: 'Dong Ding Oolong',
    nameZh: '凍頂烏龍',
    descriptionEn:
      'A classic Taiwanese oolong from Lugu in Nantou, rolled into glossy pearls and given a gentle traditional roast. Expect honeyed, nutty flavours with a soft floral finish.',
    descriptionZh:
      '產自台灣南投鹿谷的經典烏龍，茶葉捲成油潤的球狀，再以傳統手法輕焙。茶湯帶蜜香與堅果味，尾韻柔和花香。',
    images: ['leaf-40-1', 'cup-35-5'],
    attributeIds: ['origin:taiwan', 'roast:medium', 'flavour:nutty', 'form:loose_leaf'],
    soldCount: 418,
    addedDaysAgo: 190,
    variances: [
      v('tea-dong-ding-50g', '50 g', '50 克', 19800, 2550, 110),
      v('tea-dong-ding-150g', '150 g', '150 克', 52800, 6750, 4),
    ],
  },
  {
    id: 'tea-long-jing',
    typeId: 'tea',
    nameEn: 'West Lake Long Jing',
    nameZh: '西湖龍井',
    descriptionEn:
      'Pre-Qingming Dragon Well green tea from the hills around Hangzhou’s West Lake, pan-fired by hand into flat, jade-green leaves. Sweet and chestnut-like, with a fresh, vegetal clarity.',
    descriptionZh:
      '杭州西湖群山出產的明前龍井，以人手炒製成扁平翠綠的茶葉。滋味鮮爽甘醇，帶有清新的栗子香。',
    images: ['leaf-100-0', 'cup-110-3'],
    attributeIds: ['origin:zhejiang', 'flavour:nutty', 'form:loose_leaf', 'caffeine:low'],
    soldCount: 36,
    addedDaysAgo: 0,
    variances: [
      v('tea-long-jing-50g', '50 g', '50 克', 32800, 4200, 60),
      v('tea-long-jing-100g', '100 g', '100 克', 62800, 8050, 30),
    ],
  },
  {
    id: 'tea-silver-needle',
    typeId: 'tea',
    nameEn: 'Fuding Silver Needle',
    nameZh: '福鼎白毫銀針',
    descriptionEn:
      'Only the plump, downy spring buds of the Fuding Da Bai tea plant, gently withered and sun-dried. The liquor is pale gold, with notes of melon, hay and honey.',
    descriptionZh:
      '只採福鼎大白茶樹春季肥壯、滿披白毫的芽頭，經輕柔萎凋及日曬製成。茶湯淺金，帶蜜瓜、乾草及蜂蜜香氣。',
    images: ['leaf-60-4', 'cup-55-0'],
    attributeIds: ['origin:fujian', 'flavour:sweet', 'form:loose_leaf', 'caffeine:low'],
    soldCount: 287,
    addedDaysAgo: 150,
    variances: [
      v('tea-silver-needle-50g', '50 g', '50 克', 28800, 3695, 70),
      v('tea-silver-needle-100g', '100 g', '100 克', 54800, 7050, 25),
    ],
  },
  {
    id: 'tea-yunnan-puer-ripe',
    typeId: 'tea',
    nameEn: 'Yunnan Ripe Pu’er',
    nameZh: '雲南熟普洱',
    descriptionEn:
      'A smooth ripe Pu’er pressed from Menghai leaf and aged for five years in dry storage. Dark and velvety, with earthy, cocoa-like depth and none of the harshness of young tea — a dim sum favourite.',
    descriptionZh:
      '以勐海茶菁壓製的熟普洱，經五年乾倉陳化。茶湯深紅、口感絲滑，帶陳香及可可般的厚度，毫無青澀，是飲茶點心的好拍檔。',
    images: ['leaf-15-7', 'teapot-20-2'],
    attributeIds: ['origin:yunnan', 'flavour:earthy', 'form:compressed', 'caffeine:high'],
    soldCount: 731,
    addedDaysAgo: 365,
    variances: [
      v('tea-yunnan-puer-ripe-100g', '100 g brick', '100 克磚茶', 14800, 1895, 150),
      v('tea-yunnan-puer-ripe-357g', '357 g cake', '357 克茶餅', 38800, 4995, 45),
    ],
  },
  {
    id: 'tea-yiwu-raw-puer',
    typeId: 'tea',
    nameEn: 'Yiwu Raw Pu’er 2019',
    nameZh: '2019 易武生普洱',
    descriptionEn:
      'A raw Pu’er cake from old tea trees in Yiwu, Xishuangbanna, pressed in spring 2019. Honeyed and floral now, it will keep growing deeper and more complex for many years.',
    descriptionZh:
      '採用西雙版納易武古樹茶菁，於2019年春季壓製的生普洱茶餅。現時已見蜜香與花香，存放多年後風味將更醇厚豐富。',
    images: ['leaf-75-5', 'teapot-70-8'],
    attributeIds: ['origin:yunnan', 'flavour:floral', 'form:compressed', 'caffeine:high'],
    soldCount: 124,
    addedDaysAgo: 240,
    variances: [
      v('tea-yiwu-raw-puer-25g', '25 g sample', '25 克試飲裝', 8800, 1150, 90),
      v('tea-yiwu-raw-puer-357g', '357 g cake', '357 克茶餅', 68800, 8800, 5),
    ],
  },
  {
    id: 'tea-sencha',
    typeId: 'tea',
    nameEn: 'Shizuoka Sencha',
    nameZh: '靜岡煎茶',
    descriptionEn:
      'A deep-steamed first-harvest sencha from Shizuoka, with a bright green liquor and a savoury, grassy sweetness. Brew it cooler than you think, at around 70°C, for the sweetest cup.',
    descriptionZh:
      '產自靜岡的深蒸一番茶，茶湯翠綠明亮，帶鮮味與清新草香。以約攝氏70度較低水溫沖泡，甘甜更為突出。',
    images: ['leaf-105-6', 'cup-100-2'],
    attributeIds: ['origin:japan', 'flavour:sweet', 'form:loose_leaf', 'caffeine:high'],
    soldCount: 366,
    addedDaysAgo: 120,
    variances: [
      v('tea-sencha-50g', '50 g', '50 克', 13800, 1750, 140),
      v('tea-sencha-100g', '100 g', '100 克', 24800, 3195, 80),
    ],
  },
  {
    id: 'tea-gyokuro',
    typeId: 'tea',
    nameEn: 'Yame Gyokuro',
    nameZh: '八女玉露',
    descriptionEn:
      'Shade-grown for three weeks before harvest in Yame, Fukuoka, this gyokuro is rich in umami with a brothy, seaweed-sweet depth. Brew small amounts in low-temperature water and savour it slowly.',
    descriptionZh:
      '產自福岡八女，採摘前經三星期遮光栽培，鮮味濃郁，帶有如海藻湯般的甘甜。宜以低溫水少量沖泡，慢慢細味。',
    images: ['leaf-130-3', 'cup-125-7'],
    attributeIds: ['origin:japan', 'flavour:sweet', 'form:loose_leaf', 'caffeine:high'],
    soldCount: 142,
    addedDaysAgo: 95,
    variances: [v('tea-gyokuro-50g', '50 g', '50 克', 28800, 3695, 35)],
  },
  {
    id: 'tea-darjeeling-first-flush',
    typeId: 'tea',
    nameEn: 'Darjeeling First Flush',
    nameZh: '大吉嶺春摘紅茶',
    descriptionEn:
      'The first spring picking from a single Darjeeling estate in the Himalayan foothills. Light and brisk, with the famous muscatel and fresh-flower notes — lovely without milk.',
    descriptionZh:
      '來自喜馬拉雅山麓大吉嶺單一茶園的首輪春摘。茶湯清爽明快，帶有著名的麝香葡萄及鮮花香氣，不加奶更見風味。',
    images: ['leaf-45-2', 'cup-30-4'],
    attributeIds: ['origin:india', 'flavour:floral', 'flavour:fruity', 'form:loose_leaf'],
    soldCount: 58,
    addedDaysAgo: 12,
    variances: [
      v('tea-darjeeling-first-flush-50g', '50 g', '50 克', 19800, 2550, 75),
      v('tea-darjeeling-first-flush-100g', '100 g', '100 克', 36800, 4700, 40),
    ],
  },
  {
    id: 'tea-keemun',
    typeId: 'tea',
    nameEn: 'Keemun Black Tea',
    nameZh: '祁門紅茶',
    descriptionEn:
      'Anhui’s celebrated black tea, with a gentle smoky-sweet aroma often likened to orchids and cocoa. Rich enough for milk, smooth enough to drink on its own.',
    descriptionZh:
      '安徽著名紅茶，香氣甜潤並帶一絲煙燻，常被形容為蘭花及可可香。濃郁得足以加奶，亦順滑得可以清飲。',
    images: ['leaf-10-8', 'cup-12-2'],
    attributeIds: ['origin:anhui', 'flavour:sweet', 'form:loose_leaf', 'caffeine:high'],
    soldCount: 503,
    addedDaysAgo: 330,
    variances: [
      v('tea-keemun-50g', '50 g', '50 克', 12800, 1650, 200),
      v('tea-keemun-100g', '100 g', '100 克', 22800, 2900, 120),
      v('tea-keemun-250g', '250 g', '250 克', 49800, 6395, 0),
    ],
  },
  {
    id: 'tea-dancong-milan',
    typeId: 'tea',
    nameEn: 'Phoenix Dancong Mi Lan Xiang',
    nameZh: '鳳凰單叢蜜蘭香',
    descriptionEn:
      'A single-bush oolong from the Phoenix Mountains of Chaozhou, named for its honey-orchid fragrance. Intensely aromatic, with a lychee-like sweetness that lasts long after each sip.',
    descriptionZh:
      '產自潮州鳳凰山的單叢烏龍，因蜂蜜與蘭花交融的香氣而得名。香氣高揚，帶荔枝般的甜美，餘韻持久。',
    images: ['leaf-35-0', 'teapot-30-3'],
    attributeIds: ['origin:guangdong', 'flavour:floral', 'flavour:fruity', 'form:loose_leaf'],
    soldCount: 389,
    addedDaysAgo: 210,
    variances: [
      v('tea-dancong-milan-50g', '50 g', '50 克', 22800, 2900, 95),
      v('tea-dancong-milan-100g', '100 g', '100 克', 42800, 5495, 50),
    ],
  },
  {
    id: 'tea-oriental-beauty',
    typeId: 'tea',
    nameEn: 'Oriental Beauty',
    nameZh: '東方美人',
    descriptionEn:
      'A heavily oxidised Taiwanese oolong made from summer leaves nibbled by leafhoppers, which give it a natural honey and ripe-peach character. Multicoloured leaves, amber liquor and no bitterness at all.',
    descriptionZh:
      '以經小綠葉蟬叮咬的夏季茶葉製成的重發酵台灣烏龍，自然帶有蜂蜜及熟桃香氣。茶葉五色相間，茶湯琥珀明亮，毫無苦澀。',
    images: ['leaf-28-9', 'cup-25-6'],
    attributeIds: ['origin:taiwan', 'flavour:fruity', 'flavour:sweet', 'form:loose_leaf'],
    soldCount: 73,
    addedDaysAgo: 29,
    variances: [
      v('tea-oriental-beauty-50g', '50 g', '50 克', 30800, 3950, 55),
      v('tea-oriental-beauty-100g', '100 g', '100 克', 58800, 7550, 20),
    ],
  },
  {
    id: 'tea-jasmine-pearls',
    typeId: 'tea',
    nameEn: 'Jasmine Dragon Pearls',
    nameZh: '茉莉龍珠',
    descriptionEn:
      'Hand-rolled pearls of Fujian green tea, scented over several nights with fresh jasmine blossoms. Watch them unfurl in the glass as the room fills with perfume.',
    descriptionZh:
      '以人手將福建綠茶捲成珠狀，再以新鮮茉莉花窨製多個晚上。沖泡時可見茶珠在杯中徐徐舒展，花香滿室。',
    images: ['leaf-85-1', 'cup-80-8'],
    attributeIds: ['origin:fujian', 'flavour:floral', 'form:loose_leaf', 'caffeine:low'],
    soldCount: 598,
    addedDaysAgo: 260,
    variances: [
      v('tea-jasmine-pearls-50g', '50 g', '50 克', 14800, 1895, 180),
      v('tea-jasmine-pearls-100g', '100 g', '100 克', 26800, 3450, 90),
    ],
  },
];

const coffee: SeedProduct[] = [
  {
    id: 'coffee-yirgacheffe',
    typeId: 'coffee',
    nameEn: 'Ethiopia Yirgacheffe',
    nameZh: '埃塞俄比亞耶加雪菲',
    descriptionEn:
      'A washed heirloom coffee from smallholders in Yirgacheffe, light-roasted to keep its delicate character. Jasmine, bergamot and lemon tea in the cup — superb as a pour-over.',
    descriptionZh:
      '來自耶加雪菲小農的水洗原生種咖啡，以淺焙保留其細緻風味。杯中呈現茉莉花、佛手柑及檸檬茶香，最適合手沖。',
    images: ['bean-30-2', 'pourover-35-5'],
    attributeIds: ['origin:ethiopia', 'roast:light', 'flavour:floral', 'flavour:citrus'],
    soldCount: 876,
    addedDaysAgo: 300,
    variances: [
      v('coffee-yirgacheffe-250g', '250 g', '250 克', 16800, 2150, 0),
      v('coffee-yirgacheffe-1kg', '1 kg', '1 公斤', 56800, 7295, 0),
    ],
  },
  {
    id: 'coffee-guji-natural',
    typeId: 'coffee',
    nameEn: 'Ethiopia Guji Natural',
    nameZh: '埃塞俄比亞古吉日曬',
    descriptionEn:
      'Sun-dried whole on raised beds in the Guji zone, this natural-process coffee bursts with blueberry and strawberry jam. Syrupy and sweet, whether brewed as filter or espresso.',
    descriptionZh:
      '在古吉產區的高架棚上連果實一同日曬，散發濃郁的藍莓及士多啤梨果醬香。口感如糖漿般甜美，手沖或意式皆宜。',
    images: ['bean-345-4', 'pourover-350-1'],
    attributeIds: ['origin:ethiopia', 'roast:light', 'flavour:fruity', 'form:whole_bean'],
    soldCount: 94,
    addedDaysAgo: 5,
    variances: [
      v('coffee-guji-natural-250g', '250 g', '250 克', 17800, 2295, 90),
      v('coffee-guji-natural-1kg', '1 kg', '1 公斤', 59800, 7650, 15),
    ],
  },
  {
    id: 'coffee-kenya-aa',
    typeId: 'coffee',
    nameEn: 'Kenya AA Nyeri',
    nameZh: '肯雅 AA 涅里',
    descriptionEn:
      'Top-grade AA beans from cooperative washing stations on the slopes of Mount Kenya. Juicy blackcurrant and grapefruit acidity over a sweet, tomato-bright body.',
    descriptionZh:
      '來自肯雅山坡合作社水洗站的頂級 AA 豆。黑加侖子及西柚般的明亮酸質，配合甜美飽滿的口感。',
    images: ['bean-0-6', 'cup-5-3'],
    attributeIds: ['origin:kenya', 'roast:light', 'flavour:fruity', 'flavour:citrus'],
    soldCount: 412,
    addedDaysAgo: 175,
    variances: [
      v('coffee-kenya-aa-250g', '250 g', '250 克', 18800, 2400, 70),
      v('coffee-kenya-aa-1kg', '1 kg', '1 公斤', 62800, 8050, 12),
    ],
  },
  {
    id: 'coffee-colombia-huila',
    typeId: 'coffee',
    nameEn: 'Colombia Huila',
    nameZh: '哥倫比亞薇拉',
    descriptionEn:
      'A washed Caturra and Castillo lot from high farms in Huila, roasted to a balanced medium. Red apple, caramel and milk chocolate make it an easy everyday favourite.',
    descriptionZh:
      '產自薇拉高海拔農莊的水洗卡杜拉及卡斯蒂略品種，烘焙至均衡的中焙。紅蘋果、焦糖及牛奶朱古力風味，是日常百搭之選。',
    images: ['bean-25-1', 'cup-28-0'],
    attributeIds: ['origin:colombia', 'roast:medium', 'flavour:chocolatey', 'form:whole_bean'],
    soldCount: 689,
    addedDaysAgo: 260,
    variances: [
      v('coffee-colombia-huila-250g', '250 g', '250 克', 14800, 1895, 160),
      v('coffee-colombia-huila-1kg', '1 kg', '1 公斤', 49800, 6395, 40),
    ],
  },
  {
    id: 'coffee-guatemala-antigua',
    typeId: 'coffee',
    nameEn: 'Guatemala Antigua',
    nameZh: '危地馬拉安提瓜',
    descriptionEn:
      'Grown in volcanic soil in the valley around Antigua, this coffee is rich and rounded. Cocoa, toasted almond and a hint of spice, with a clean, sweet finish.',
    descriptionZh:
      '生長於安提瓜河谷的火山土壤，口感豐厚圓潤。帶可可、烤杏仁及淡淡香料味，尾韻乾淨甜美。',
    images: ['bean-20-8', 'pourover-22-2'],
    attributeIds: ['origin:guatemala', 'roast:medium', 'flavour:nutty', 'flavour:chocolatey'],
    soldCount: 301,
    addedDaysAgo: 140,
    variances: [
      v('coffee-guatemala-antigua-250g', '250 g', '250 克', 14800, 1895, 120),
      v('coffee-guatemala-antigua-1kg', '1 kg', '1 公斤', 48800, 6250, 3),
    ],
  },
  {
    id: 'coffee-yunnan-baoshan',
    typeId: 'coffee',
    nameEn: 'Yunnan Baoshan Honey',
    nameZh: '雲南保山蜜處理',
    descriptionEn:
      'China’s own specialty coffee, grown near Baoshan in western Yunnan and honey-processed for extra sweetness. Brown sugar, stone fruit and a gentle, tea-like finish.',
    descriptionZh:
      '中國本土的精品咖啡，種植於雲南西部保山一帶，並以蜜處理法增添甜感。帶紅糖及核果風味，尾韻柔和如茶。',
    images: ['bean-15-3', 'cup-18-9'],
    attributeIds: ['origin:yunnan', 'roast:medium', 'flavour:sweet', 'form:whole_bean'],
    soldCount: 27,
    addedDaysAgo: 18,
    variances: [
      v('coffee-yunnan-baoshan-250g', '250 g', '250 克', 13800, 1750, 80),
      v('coffee-yunnan-baoshan-1kg', '1 kg', '1 公斤', 44800, 5750, 20),
    ],
  },
  {
    id: 'coffee-hk-house-blend',
    typeId: 'coffee',
    nameEn: 'Hong Kong House Blend',
    nameZh: '香港自家拼配',
    descriptionEn:
      'Our everyday blend of Brazilian and Colombian beans, roasted each week in Kwun Tong. Chocolatey and nutty with low acidity — great black, and even better with milk.',
    descriptionZh:
      '以巴西及哥倫比亞咖啡豆拼配的日常之選，每星期在觀塘烘焙。朱古力及堅果風味，酸度低，黑咖啡固然好喝，加奶更出色。',
    images: ['bean-25-0', 'cup-20-5', 'pourover-28-7'],
    attributeIds: ['origin:hong_kong', 'roast:medium', 'flavour:chocolatey', 'form:ground'],
    soldCount: 900,
    addedDaysAgo: 400,
    variances: [
      v('coffee-hk-house-blend-250g-bean', '250 g whole bean', '250 克原豆', 12800, 1650, 300),
      v('coffee-hk-house-blend-250g-ground', '250 g ground', '250 克咖啡粉', 12800, 1650, 220),
      v('coffee-hk-house-blend-drip-10', '10 drip bags', '掛耳包 10 個', 9800, 1250, 260),
    ],
  },
  {
    id: 'coffee-harbour-espresso',
    typeId: 'coffee',
    nameEn: 'Harbour Espresso Blend',
    nameZh: '維港意式拼配',
    descriptionEn:
      'Built for the espresso machine: a blend of Brazil, Guatemala and Ethiopia roasted to a sweet medium-dark. Thick crema, dark chocolate and cherry, and it cuts through milk beautifully.',
    descriptionZh:
      '專為意式咖啡機而設：以巴西、危地馬拉及埃塞俄比亞咖啡豆拼配，烘焙至甜美的中深焙。油脂豐厚，帶黑朱古力及車厘子風味，與牛奶配搭尤其出色。',
    images: ['bean-12-5', 'cup-15-1'],
    attributeIds: ['origin:hong_kong', 'roast:dark', 'flavour:chocolatey', 'form:whole_bean'],
    soldCount: 547,
    addedDaysAgo: 220,
    variances: [
      v('coffee-harbour-espresso-250g', '250 g', '250 克', 13800, 1750, 180),
      v('coffee-harbour-espresso-1kg', '1 kg', '1 公斤', 45800, 5850, 60),
    ],
  },
  {
    id: 'coffee-colombia-decaf',
    typeId: 'coffee',
    nameEn: 'Colombia Sugarcane Decaf',
    nameZh: '哥倫比亞甘蔗低因',
    descriptionEn:
      'Decaffeinated naturally in Colombia using ethyl acetate from fermented sugarcane, so the sweetness stays. Caramel, orange and cocoa for a late-night cup without the sleepless night.',
    descriptionZh:
      '於哥倫比亞以發酵甘蔗提取的天然乙酸乙酯去除咖啡因，完整保留甜感。焦糖、橙香及可可風味，深夜品嚐亦不影響睡眠。',
    images: ['bean-35-9', 'cup-40-4'],
    attributeIds: ['origin:colombia', 'roast:medium', 'caffeine:low', 'form:whole_bean'],
    soldCount: 188,
    addedDaysAgo: 85,
    variances: [v('coffee-colombia-decaf-250g', '250 g', '250 克', 15800, 2050, 65)],
  },
  {
    id: 'coffee-kissaten-dark',
    typeId: 'coffee',
    nameEn: 'Kissaten Dark Roast',
    nameZh: '喫茶店深焙',
    descriptionEn:
      'Inspired by Tokyo’s old-school kissaten, a dark roast of Brazilian and Sumatran beans for slow drip brewing. Bittersweet, smoky and syrupy, with almost no acidity.',
    descriptionZh:
      '靈感來自東京的老派喫茶店，以巴西及蘇門答臘咖啡豆深焙而成，適合慢速滴濾。甘苦交織，帶煙燻味，口感濃稠，幾乎沒有酸度。',
    images: ['bean-8-7', 'pourover-10-0'],
    attributeIds: ['roast:dark', 'flavour:smoky', 'flavour:chocolatey', 'form:whole_bean'],
    soldCount: 233,
    addedDaysAgo: 70,
    variances: [
      v('coffee-kissaten-dark-250g', '250 g', '250 克', 13800, 1750, 95),
      v('coffee-kissaten-dark-1kg', '1 kg', '1 公斤', 46800, 6000, 0),
    ],
  },
];

const incense: SeedProduct[] = [
  {
    id: 'incense-hinoki-sticks',
    typeId: 'incense',
    nameEn: 'Hinoki Incense Sticks',
    nameZh: '檜木線香',
    descriptionEn:
      'Made in Awaji, Japan, from Japanese cypress wood, these sticks smell like a forest bathhouse after rain. Clean, resinous and very low in smoke — ideal for small flats.',
    descriptionZh:
      '於日本淡路島以日本檜木製成，香氣猶如雨後森林中的檜木浴場。清新帶樹脂香，煙量極低，適合小單位使用。',
    images: ['incense-95-3', 'censer-90-1'],
    attributeIds: ['origin:japan', 'flavour:woody', 'form:sticks'],
    soldCount: 468,
    addedDaysAgo: 200,
    variances: [
      v('incense-hinoki-sticks-40', '40 sticks', '40 支', 12800, 1650, 140),
      v('incense-hinoki-sticks-120', '120 sticks', '120 支', 32800, 4200, 5),
    ],
  },
  {
    id: 'incense-sandalwood-sticks',
    typeId: 'incense',
    nameEn: 'Mysore Sandalwood Sticks',
    nameZh: '老山檀香線香',
    descriptionEn:
      'Old-growth sandalwood from Mysore, India, ground and hand-rolled without any synthetic fragrance. Creamy, warm and sweet — the classic scent for meditation and quiet reading.',
    descriptionZh:
      '採用印度邁索爾老山檀香木研磨並以人手搓製，不添加任何人工香精。香氣溫潤甜美，是靜坐及閱讀的經典之選。',
    images: ['incense-30-2', 'censer-25-6'],
    attributeIds: ['origin:india', 'flavour:woody', 'flavour:sweet', 'form:sticks'],
    soldCount: 612,
    addedDaysAgo: 290,
    variances: [
      v('incense-sandalwood-sticks-20', '20 sticks', '20 支', 16800, 2150, 160),
      v('incense-sandalwood-sticks-60', '60 sticks', '60 支', 42800, 5495, 45),
    ],
  },
  {
    id: 'incense-agarwood-sticks',
    typeId: 'incense',
    nameEn: 'Agarwood Incense Sticks',
    nameZh: '沉香線香',
    descriptionEn:
      'Precious aged agarwood from Southeast Asia, blended only with natural binder. A deep, resinous and slightly sweet fragrance that shifts as it burns — our most treasured incense.',
    descriptionZh:
      '採用東南亞珍貴陳年沉香，只以天然黏粉調和。香氣深沉醇厚，帶樹脂香及微甜，燃點時層次不斷變化，是本店最珍貴的香品。',
    images: ['incense-20-5', 'censer-15-0'],
    attributeIds: ['flavour:woody', 'flavour:earthy', 'form:sticks'],
    soldCount: 79,
    addedDaysAgo: 160,
    variances: [v('incense-agarwood-sticks-30', '30 sticks', '30 支', 58800, 7550, 2)],
  },
  {
    id: 'incense-agarwood-cones',
    typeId: 'incense',
    nameEn: 'Agarwood Cones',
    nameZh: '沉香塔香',
    descriptionEn:
      'The same aged agarwood, pressed into small cones that release their scent quickly. Each burns for about 15 minutes — perfect for clearing the air before guests arrive.',
    descriptionZh:
      '以同樣的陳年沉香壓製成小巧塔香，香氣散發迅速。每粒約燃點15分鐘，最適合在客人到訪前淨化空間。',
    images: ['censer-18-4', 'incense-22-8'],
    attributeIds: ['flavour:woody', 'flavour:earthy', 'form:cones'],
    soldCount: 156,
    addedDaysAgo: 130,
    variances: [
      v('incense-agarwood-cones-12', '12 cones', '12 粒', 38800, 4995, 30),
      v('incense-agarwood-cones-36', '36 cones', '36 粒', 98800, 12650, 8),
    ],
  },
  {
    id: 'incense-sandalwood-cones',
    typeId: 'incense',
    nameEn: 'Sandalwood Cones',
    nameZh: '檀香塔香',
    descriptionEn:
      'Pure sandalwood cones that fill a room in minutes with a soft, milky warmth. Use with a heat-proof dish or our celadon incense holder.',
    descriptionZh:
      '純檀香塔香，數分鐘內即令滿室充滿柔和溫暖的奶香。請配合耐熱碟或本店的青瓷香插使用。',
    images: ['censer-35-7', 'incense-32-1'],
    attributeIds: ['origin:india', 'flavour:woody', 'form:cones'],
    soldCount: 344,
    addedDaysAgo: 230,
    variances: [
      v('incense-sandalwood-cones-24', '24 cones', '24 粒', 13800, 1750, 120),
      v('incense-sandalwood-cones-72', '72 cones', '72 粒', 35800, 4595, 40),
    ],
  },
  {
    id: 'incense-kyoto-plum-blossom',
    typeId: 'incense',
    nameEn: 'Kyoto Plum Blossom Sticks',
    nameZh: '京都梅花線香',
    descriptionEn:
      'A delicate floral blend from a Kyoto incense house, evoking plum blossoms on a cold late-winter morning. Light and sweet, with a soft base of sandalwood and clove.',
    descriptionZh:
      '出自京都香舖的細緻花香配方，令人聯想到冬末清晨綻放的梅花。香氣輕盈甜美，以檀香及丁香作柔和基調。',
    images: ['incense-330-4', 'censer-340-2'],
    attributeIds: ['origin:japan', 'flavour:floral', 'flavour:sweet', 'form:sticks'],
    soldCount: 41,
    addedDaysAgo: 8,
    variances: [
      v('incense-kyoto-plum-blossom-50', '50 sticks', '50 支', 9800, 1250, 100),
      v('incense-kyoto-plum-blossom-150', '150 sticks', '150 支', 24800, 3195, 35),
    ],
  },
  {
    id: 'incense-osmanthus-sticks',
    typeId: 'incense',
    nameEn: 'Osmanthus Incense Sticks',
    nameZh: '桂花線香',
    descriptionEn:
      'Sweet osmanthus blossom over a light base of cedar, a scent of mid-autumn evenings. Short sticks that burn for around 20 minutes.',
    descriptionZh:
      '以清甜桂花香為主調，輕柔雪松木作基調，洋溢中秋夜的氣息。短身線香，每支約燃點20分鐘。',
    images: ['incense-45-6', 'censer-50-3'],
    attributeIds: ['flavour:floral', 'flavour:sweet', 'form:sticks'],
    soldCount: 217,
    addedDaysAgo: 55,
    variances: [v('incense-osmanthus-sticks-40', '40 sticks', '40 支', 8800, 1150, 150)],
  },
];

const spirits: SeedProduct[] = [
  {
    id: 'spirits-islay-single-malt',
    typeId: 'spirits',
    nameEn: 'Islay Single Malt 10 Year Old',
    nameZh: '艾雷島單一麥芽威士忌 10 年',
    descriptionEn:
      'A peated single malt from the island of Islay, matured ten years in ex-bourbon casks. Bonfire smoke, sea salt and iodine give way to vanilla and lemon. 46% ABV.',
    descriptionZh:
      '產自艾雷島的泥煤單一麥芽威士忌，於前波本桶陳釀十年。營火煙燻、海鹽及碘味過後，帶出雲呢拿及檸檬香。酒精濃度46%。',
    images: ['bottle-30-3', 'glass-35-1'],
    attributeIds: ['origin:scotland', 'flavour:smoky', 'flavour:citrus'],
    soldCount: 265,
    addedDaysAgo: 180,
    variances: [v('spirits-islay-single-malt-700ml', '700 ml', '700 毫升', 52800, 6750, 36)],
  },
  {
    id: 'spirits-speyside-single-malt',
    typeId: 'spirits',
    nameEn: 'Speyside Single Malt 12 Year Old',
    nameZh: '斯佩賽單一麥芽威士忌 12 年',
    descriptionEn:
      'A sherry-cask matured single malt from Speyside, full of dried fruit, honey and baking spice. Smooth and generous, an easy introduction to Scotch. 43% ABV.',
    descriptionZh:
      '於雪莉桶陳釀的斯佩賽單一麥芽威士忌，充滿果乾、蜂蜜及烘焙香料氣息。口感順滑豐盈，是入門蘇格蘭威士忌的好選擇。酒精濃度43%。',
    images: ['bottle-25-6', 'glass-20-4'],
    attributeIds: ['origin:scotland', 'flavour:fruity', 'flavour:sweet'],
    soldCount: 318,
    addedDaysAgo: 250,
    variances: [
      v('spirits-speyside-single-malt-700ml', '700 ml', '700 毫升', 48800, 6250, 42),
      v('spirits-speyside-single-malt-gift', '700 ml gift box', '700 毫升禮盒裝', 53800, 6895, 0),
    ],
  },
  {
    id: 'spirits-japanese-whisky',
    typeId: 'spirits',
    nameEn: 'Japanese Blended Malt Whisky',
    nameZh: '日本調和麥芽威士忌',
    descriptionEn:
      'A delicate blended malt from Japan, finished in Mizunara oak for notes of sandalwood and incense. Honeyed, fragrant and gentle — lovely with a single ice cube. 43% ABV.',
    descriptionZh:
      '細膩的日本調和麥芽威士忌，以水楢木桶過桶，帶檀香及焚香氣息。蜜香芬芳，口感柔和，加一粒冰塊更見韻味。酒精濃度43%。',
    images: ['bottle-40-8', 'glass-45-2'],
    attributeIds: ['origin:japan', 'flavour:woody', 'flavour:sweet'],
    soldCount: 197,
    addedDaysAgo: 110,
    variances: [v('spirits-japanese-whisky-700ml', '700 ml', '700 毫升', 78800, 10100, 1)],
  },
  {
    id: 'spirits-baijiu-moutai-style',
    typeId: 'spirits',
    nameEn: 'Maotai Town Sauce-Aroma Baijiu',
    nameZh: '茅台鎮醬香型白酒',
    descriptionEn:
      'A sauce-aroma baijiu distilled in Maotai town, Guizhou, from red sorghum and aged in clay jars. Deep, savoury and long, with notes of soy, roasted grain and dried fruit. 53% ABV.',
    descriptionZh:
      '於貴州茅台鎮以紅高粱釀製，並在陶罈中陳藏的醬香型白酒。醬香突出、醇厚綿長，帶烘焙穀物及果乾氣息。酒精濃度53%。',
    images: ['bottle-0-5', 'glass-5-0'],
    attributeIds: ['flavour:earthy', 'flavour:fruity'],
    stopSell: true,
    soldCount: 63,
    addedDaysAgo: 340,
    variances: [v('spirits-baijiu-moutai-style-500ml', '500 ml', '500 毫升', 128000, 16400, 10)],
  },
  {
    id: 'spirits-junmai-daiginjo',
    typeId: 'spirits',
    nameEn: 'Junmai Daiginjo Sake',
    nameZh: '純米大吟釀清酒',
    descriptionEn:
      'Brewed from Yamada Nishiki rice polished to 45%, this sake is silky and fragrant with notes of melon, pear and white flowers. Serve well chilled. 16% ABV.',
    descriptionZh:
      '以精米步合45%的山田錦米釀造，口感絲滑芬芳，帶蜜瓜、啤梨及白花香氣。宜冰鎮飲用。酒精濃度16%。',
    images: ['bottle-200-1', 'glass-210-6'],
    attributeIds: ['origin:japan', 'flavour:floral', 'flavour:fruity'],
    soldCount: 376,
    addedDaysAgo: 145,
    variances: [
      v('spirits-junmai-daiginjo-720ml', '720 ml', '720 毫升', 42800, 5495, 48),
      v('spirits-junmai-daiginjo-1800ml', '1.8 L', '1.8 公升', 88800, 11395, 12),
    ],
  },
  {
    id: 'spirits-umeshu',
    typeId: 'spirits',
    nameEn: 'Kishu Umeshu Plum Wine',
    nameZh: '紀州梅酒',
    descriptionEn:
      'Nanko plums from Wakayama steeped slowly in sake spirit and rock sugar. Sweet, tart and almond-scented — serve on the rocks or with soda. 12% ABV.',
    descriptionZh:
      '以和歌山南高梅浸於清酒基酒及冰糖中慢慢釀製。酸甜可口，帶杏仁香氣，宜加冰或梳打水飲用。酒精濃度12%。',
    images: ['bottle-50-2', 'glass-55-7'],
    attributeIds: ['origin:japan', 'flavour:fruity', 'flavour:sweet'],
    soldCount: 52,
    addedDaysAgo: 22,
    variances: [v('spirits-umeshu-720ml', '720 ml', '720 毫升', 26800, 3450, 60)],
  },
  {
    id: 'spirits-hong-kong-dry-gin',
    typeId: 'spirits',
    nameEn: 'Hong Kong Dry Gin',
    nameZh: '香港氈酒',
    descriptionEn:
      'A small-batch gin distilled with juniper, dried tangerine peel, osmanthus and a touch of Long Jing tea. Bright and citrusy, it makes a superb G&T. 43% ABV.',
    descriptionZh:
      '小批量蒸餾氈酒，以杜松子、陳皮、桂花及少量龍井茶調配。清新明亮，帶柑橘香，調製氈酒湯力水尤其出色。酒精濃度43%。',
    images: ['bottle-170-4', 'glass-160-3'],
    attributeIds: ['origin:hong_kong', 'flavour:citrus', 'flavour:floral'],
    soldCount: 19,
    addedDaysAgo: 3,
    variances: [
      v('spirits-hong-kong-dry-gin-200ml', '200 ml', '200 毫升', 14800, 1895, 70),
      v('spirits-hong-kong-dry-gin-700ml', '700 ml', '700 毫升', 39800, 5100, 50),
    ],
  },
];

const equipment: SeedProduct[] = [
  {
    id: 'equipment-gaiwan',
    typeId: 'equipment',
    nameEn: 'Porcelain Gaiwan',
    nameZh: '瓷蓋碗',
    descriptionEn:
      'The most versatile tea brewer there is: a lidded bowl with saucer, thin-walled so it heats quickly and shows off the leaves. Choose plain white or hand-painted Canton famille rose.',
    descriptionZh:
      '最百搭的泡茶器具：連蓋及碗托的茶碗，胎薄傳熱快，更可欣賞茶葉舒展。可選素白款或人手繪製的廣彩款。',
    images: ['cup-210-0', 'teapot-200-5'],
    attributeIds: ['material:porcelain', 'origin:guangdong'],
    soldCount: 522,
    addedDaysAgo: 270,
    variances: [
      v('equipment-gaiwan-white', 'White, 120 ml', '素白 120 毫升', 12800, 1650, 150),
      v('equipment-gaiwan-painted', 'Hand-painted, 150 ml', '廣彩手繪 150 毫升', 48800, 6250, 18),
    ],
  },
  {
    id: 'equipment-yixing-teapot',
    typeId: 'equipment',
    nameEn: 'Yixing Clay Teapot',
    nameZh: '宜興紫砂壺',
    descriptionEn:
      'Hand-built in Yixing, Jiangsu, from unglazed clay that slowly seasons with every brew. Best dedicated to a single tea, such as oolong or Pu’er.',
    descriptionZh:
      '於江蘇宜興以無釉紫砂人手製作，每次泡茶都令茶壺慢慢養潤。建議一壺專泡一種茶，例如烏龍或普洱。',
    images: ['teapot-15-2', 'teapot-5-7'],
    attributeIds: ['material:clay', 'origin:jiangsu'],
    soldCount: 148,
    addedDaysAgo: 205,
    variances: [
      v('equipment-yixing-teapot-zini-180ml', 'Zini clay, 180 ml', '紫泥 180 毫升', 98800, 12650, 14),
      v('equipment-yixing-teapot-zhuni-120ml', 'Zhuni clay, 120 ml', '朱泥 120 毫升', 148000, 18995, 2),
    ],
  },
  {
    id: 'equipment-pourover-dripper',
    typeId: 'equipment',
    nameEn: 'Ceramic Pour-over Dripper',
    nameZh: '陶瓷手沖濾杯',
    descriptionEn:
      'A cone dripper of Mino-ware porcelain with spiral ribs for an even, steady flow. Fits standard paper filters and holds heat well.',
    descriptionZh:
      '以日本美濃燒瓷製成的錐形濾杯，螺旋坑紋令水流平穩均勻。適用於標準濾紙，保溫效果良好。',
    images: ['pourover-190-3', 'pourover-30-8'],
    attributeIds: ['material:porcelain', 'origin:japan'],
    soldCount: 411,
    addedDaysAgo: 155,
    variances: [
      v('equipment-pourover-dripper-01', '1–2 cups', '1–2 杯', 18800, 2400, 90),
      v('equipment-pourover-dripper-02', '2–4 cups', '2–4 杯', 22800, 2900, 65),
    ],
  },
  {
    id: 'equipment-gooseneck-kettle',
    typeId: 'equipment',
    nameEn: 'Gooseneck Pour-over Kettle',
    nameZh: '手沖細口壺',
    descriptionEn:
      'A stainless steel gooseneck kettle from Tsubame-Sanjo with a narrow spout for precise pouring. Works on gas, electric and induction hobs.',
    descriptionZh:
      '日本燕三條出品的不鏽鋼細口壺，壺嘴纖細，注水精準。適用於煤氣爐、電爐及電磁爐。',
    images: ['kettle-0-2', 'kettle-200-6'],
    attributeIds: ['material:metal', 'origin:japan'],
    soldCount: 276,
    addedDaysAgo: 165,
    variances: [v('equipment-gooseneck-kettle-900ml', '0.9 L', '0.9 公升', 42800, 5495, 40)],
  },
  {
    id: 'equipment-burr-grinder',
    typeId: 'equipment',
    nameEn: 'Hand Burr Grinder',
    nameZh: '手搖磨豆機',
    descriptionEn:
      'A precision hand grinder with stainless steel conical burrs and 40 click settings, from Turkish fine to French press coarse. Compact enough to take travelling.',
    descriptionZh:
      '精密手搖磨豆機，配備不鏽鋼錐形刀盤及40段刻度，由土耳其咖啡的極細粉到法式濾壓壺的粗粉都能應付。體積小巧，方便出遊攜帶。',
    images: ['bean-0-4', 'kettle-20-1'],
    attributeIds: ['material:metal', 'origin:taiwan'],
    soldCount: 203,
    addedDaysAgo: 100,
    variances: [v('equipment-burr-grinder-standard', 'Standard', '標準款', 68800, 8800, 25)],
  },
  {
    id: 'equipment-tea-tray',
    typeId: 'equipment',
    nameEn: 'Bamboo Gongfu Tea Tray',
    nameZh: '竹製功夫茶盤',
    descriptionEn:
      'A slatted bamboo tray with a hidden water reservoir for gongfu brewing. Rinse, pour and spill freely, then empty the tray when you are done.',
    descriptionZh:
      '功夫茶專用的竹製茶盤，設暗藏儲水槽。溫杯、沖泡及淋壺都不怕濺水，用後倒掉盛水即可。',
    images: ['teapot-35-4', 'cup-40-9'],
    attributeIds: ['material:wood', 'origin:fujian'],
    soldCount: 164,
    addedDaysAgo: 245,
    variances: [
      v('equipment-tea-tray-small', 'Small, 30 × 20 cm', '細 30 × 20 厘米', 28800, 3695, 30),
      v('equipment-tea-tray-large', 'Large, 45 × 28 cm', '大 45 × 28 厘米', 45800, 5850, 0),
    ],
  },
  {
    id: 'equipment-celadon-incense-holder',
    typeId: 'equipment',
    nameEn: 'Celadon Incense Holder',
    nameZh: '青瓷香插',
    descriptionEn:
      'A small Longquan celadon dish that holds a single stick upright or a cone in its centre. The soft jade glaze catches falling ash neatly.',
    descriptionZh:
      '小巧的龍泉青瓷香座，可直插線香，亦可於中央放置塔香。溫潤如玉的釉色，優雅地承接香灰。',
    images: ['censer-150-0', 'incense-140-7'],
    attributeIds: ['material:porcelain', 'origin:zhejiang'],
    soldCount: 88,
    addedDaysAgo: 15,
    variances: [v('equipment-celadon-incense-holder-standard', 'Standard', '標準款', 16800, 2150, 75)],
  },
];

const boxsets: SeedProduct[] = [
  {
    id: 'boxset-four-seasons-tea',
    typeId: 'boxset',
    nameEn: 'Four Seasons Tea Box',
    nameZh: '四季茶禮盒',
    descriptionEn:
      'A tea for every season: Long Jing for spring, Oriental Beauty for summer, Tieguanyin for autumn and ripe Pu’er for winter. Four 25 g tins in a cloth-bound box.',
    descriptionZh:
      '四季各有一茶：春之龍井、夏之東方美人、秋之鐵觀音、冬之熟普洱。四罐各25克，以布面禮盒盛載。',
    images: ['box-100-2', 'landscape-120-5'],
    attributeIds: ['form:loose_leaf', 'flavour:floral', 'caffeine:low'],
    soldCount: 67,
    addedDaysAgo: 10,
    variances: [
      v('boxset-four-seasons-tea-standard', 'Standard box', '標準裝', 42800, 5495, 45),
      v('boxset-four-seasons-tea-gift', 'Gift-wrapped with card', '禮品包裝連心意卡', 45800, 5850, 25),
    ],
  },
  {
    id: 'boxset-coffee-discovery',
    typeId: 'boxset',
    nameEn: 'Coffee Discovery Box',
    nameZh: '咖啡探索禮盒',
    descriptionEn:
      'Four 100 g bags taking you from Ethiopia to Kenya, Colombia and Yunnan, with tasting notes and brew guides. A great way to find your favourite origin.',
    descriptionZh:
      '四包各100克的咖啡豆，帶你由埃塞俄比亞走到肯雅、哥倫比亞及雲南，附品嚐筆記及沖煮指南。是尋找心水產區的最佳方法。',
    images: ['box-25-6', 'bean-30-1'],
    attributeIds: ['form:whole_bean', 'roast:light', 'flavour:fruity', 'caffeine:high'],
    soldCount: 238,
    addedDaysAgo: 60,
    variances: [
      v('boxset-coffee-discovery-beans', 'Whole bean', '原豆', 32800, 4200, 55),
      v('boxset-coffee-discovery-ground', 'Ground for filter', '手沖研磨', 32800, 4200, 4),
    ],
  },
  {
    id: 'boxset-quiet-evening-incense',
    typeId: 'boxset',
    nameEn: 'Quiet Evening Incense Set',
    nameZh: '靜夜香品套裝',
    descriptionEn:
      'Hinoki, sandalwood and plum blossom sticks with a celadon holder, for unwinding at the end of the day. Thirty sticks in all, in a paulownia-wood box.',
    descriptionZh:
      '檜木、檀香及梅花線香，配一個青瓷香插，助你在一天將盡時放鬆身心。合共三十支，以桐木盒盛載。',
    images: ['box-260-3', 'incense-250-0'],
    attributeIds: ['form:sticks', 'flavour:woody', 'origin:japan'],
    soldCount: 172,
    addedDaysAgo: 90,
    variances: [v('boxset-quiet-evening-incense-standard', 'Standard', '標準裝', 26800, 3450, 60)],
  },
  {
    id: 'boxset-whisky-tasting-flight',
    typeId: 'boxset',
    nameEn: 'Whisky Tasting Flight',
    nameZh: '威士忌品鑑套裝',
    descriptionEn:
      'Five 30 ml samples from Speyside, Islay and Japan, with a tasting mat and notes. Explore sherry, peat and Mizunara oak side by side before choosing a full bottle.',
    descriptionZh:
      '五支各30毫升的斯佩賽、艾雷島及日本威士忌試飲裝，附品鑑墊及筆記。並排比較雪莉桶、泥煤及水楢木桶風格，再挑選心儀的一整瓶。',
    images: ['glass-30-5', 'box-35-8'],
    attributeIds: ['origin:scotland', 'origin:japan', 'flavour:smoky'],
    // A box set, but of whisky: sold to over-18s only.
    isAlcohol: true,
    soldCount: 119,
    addedDaysAgo: 45,
    variances: [v('boxset-whisky-tasting-flight-5x30ml', '5 × 30 ml', '5 × 30 毫升', 38800, 4995, 28)],
  },
  {
    id: 'boxset-gongfu-starter',
    typeId: 'boxset',
    nameEn: 'Gongfu Tea Starter Set',
    nameZh: '功夫茶入門套裝',
    descriptionEn:
      'Everything you need to start brewing gongfu-style: a white gaiwan, a fair cup, four tasting cups, a bamboo tray and 50 g of Tieguanyin. Includes an illustrated brewing guide in English and Chinese.',
    descriptionZh:
      '開始功夫泡茶所需的一切：素白蓋碗、公道杯、四隻品茗杯、竹茶盤及50克鐵觀音，並附中英對照圖解沖泡指南。',
    images: ['box-40-0', 'teapot-45-3', 'cup-200-6'],
    attributeIds: ['form:loose_leaf', 'origin:fujian', 'material:porcelain'],
    soldCount: 12,
    addedDaysAgo: 26,
    variances: [v('boxset-gongfu-starter-standard', 'Standard', '標準裝', 68800, 8800, 20)],
  },
];

export const products: SeedProduct[] = [...tea, ...coffee, ...incense, ...spirits, ...equipment, ...boxsets];

// ---------------------------------------------------------------------------------------------
// Banners
// ---------------------------------------------------------------------------------------------

export const banners: SeedBanner[] = [
  // Big promotion banners (home page carousel)
  {
    id: 'banner-big-oolong-festival',
    kind: 'big',
    titleEn: 'Autumn Oolong Festival',
    titleZh: '秋日烏龍茶節',
    subtitleEn: 'Roasted oolongs from Wuyi, Anxi and Taiwan, ready for the cooler days.',
    subtitleZh: '武夷、安溪及台灣焙火烏龍，迎接清涼秋日。',
    image: 'landscape-30-2',
    link: '/product/tea-da-hong-pao',
    sort: 1,
  },
  {
    id: 'banner-big-new-arrivals',
    kind: 'big',
    titleEn: 'Fresh This Month',
    titleZh: '本月新品',
    subtitleEn: 'Pre-Qingming Long Jing, a Hong Kong gin and a new Guji natural have just landed.',
    subtitleZh: '明前龍井、香港氈酒及全新古吉日曬咖啡豆剛剛到貨。',
    image: 'landscape-110-6',
    link: '/new_in',
    sort: 2,
  },
  {
    id: 'banner-big-whisky-evening',
    kind: 'big',
    titleEn: 'A Whisky Evening',
    titleZh: '威士忌之夜',
    subtitleEn: 'From Islay peat to Mizunara oak: five drams to explore at home.',
    subtitleZh: '由艾雷島泥煤到水楢木桶：五款威士忌，在家細意品鑑。',
    image: 'glass-30-7',
    link: '/product/boxset-whisky-tasting-flight',
    sort: 3,
  },
  // Small promotion banners
  {
    id: 'banner-small-gongfu',
    kind: 'small',
    titleEn: 'Start Gongfu Brewing',
    titleZh: '開始功夫泡茶',
    subtitleEn: 'Our starter set has everything you need.',
    subtitleZh: '入門套裝，一應俱全。',
    image: 'teapot-40-1',
    link: '/product/boxset-gongfu-starter',
    sort: 1,
  },
  {
    id: 'banner-small-house-blend',
    kind: 'small',
    titleEn: 'Roasted in Kwun Tong',
    titleZh: '觀塘新鮮烘焙',
    subtitleEn: 'Our Hong Kong House Blend, fresh every week.',
    subtitleZh: '香港自家拼配，每星期新鮮出爐。',
    image: 'bean-25-4',
    link: '/product/coffee-hk-house-blend',
    sort: 2,
  },
  {
    id: 'banner-small-about',
    kind: 'small',
    titleEn: 'Our Story',
    titleZh: '我們的故事',
    subtitleEn: 'How a tea stall in Sheung Wan became Sip & Gather.',
    subtitleZh: '由上環一個茶檔，走到今天的 Sip & Gather。',
    image: 'landscape-200-3',
    link: '/about',
    sort: 3,
  },
  // Product-type banners
  {
    id: 'banner-product-tea-new',
    kind: 'product',
    productTypeId: 'tea',
    titleEn: 'New Season Teas',
    titleZh: '新季茶葉',
    subtitleEn: 'Spring greens and first flush Darjeeling, just arrived.',
    subtitleZh: '春季綠茶及大吉嶺春摘，新鮮到貨。',
    image: 'leaf-100-3',
    link: '/new_in/tea',
    sort: 1,
  },
  {
    id: 'banner-product-tea-puer',
    kind: 'product',
    productTypeId: 'tea',
    titleEn: 'The Pu’er Corner',
    titleZh: '普洱專區',
    subtitleEn: 'Ripe and raw cakes from Yunnan, for drinking now or keeping.',
    subtitleZh: '雲南熟普及生普茶餅，即飲收藏皆宜。',
    image: 'teapot-18-5',
    link: '/product/tea-yunnan-puer-ripe',
    sort: 2,
  },
  {
    id: 'banner-product-coffee',
    kind: 'product',
    productTypeId: 'coffee',
    titleEn: 'Single Origins, Roasted Weekly',
    titleZh: '單一產區，每週烘焙',
    subtitleEn: 'Meet this week’s beans from Ethiopia, Kenya and Yunnan.',
    subtitleZh: '認識本週來自埃塞俄比亞、肯雅及雲南的咖啡豆。',
    image: 'pourover-30-4',
    link: '/new_in/coffee',
    sort: 1,
  },
  {
    id: 'banner-product-incense',
    kind: 'product',
    productTypeId: 'incense',
    titleEn: 'Scents for Stillness',
    titleZh: '靜心之香',
    subtitleEn: 'Hinoki, sandalwood and agarwood, all natural and low-smoke.',
    subtitleZh: '檜木、檀香及沉香，全天然、低煙。',
    image: 'censer-30-6',
    link: '/new_in/incense',
    sort: 1,
  },
  {
    id: 'banner-product-spirits',
    kind: 'product',
    productTypeId: 'spirits',
    titleEn: 'Made in Hong Kong',
    titleZh: '香港製造',
    subtitleEn: 'Our new dry gin, with dried tangerine peel and Long Jing tea.',
    subtitleZh: '全新氈酒，以陳皮及龍井茶入饌。',
    image: 'bottle-170-2',
    link: '/product/spirits-hong-kong-dry-gin',
    sort: 1,
  },
  {
    id: 'banner-product-equipment',
    kind: 'product',
    productTypeId: 'equipment',
    titleEn: 'Brew Better at Home',
    titleZh: '在家沖出好滋味',
    subtitleEn: 'Kettles, drippers and grinders for the perfect pour-over.',
    subtitleZh: '手沖壺、濾杯及磨豆機，成就完美手沖。',
    image: 'kettle-10-3',
    link: '/new_in/equipment',
    sort: 1,
  },
  {
    id: 'banner-product-boxset',
    kind: 'product',
    productTypeId: 'boxset',
    titleEn: 'Gifts Worth Gathering',
    titleZh: '值得相聚的禮物',
    subtitleEn: 'Four seasons of tea in one beautiful box.',
    subtitleZh: '一盒盡享四季好茶。',
    image: 'box-100-7',
    link: '/product/boxset-four-seasons-tea',
    sort: 1,
  },
];
