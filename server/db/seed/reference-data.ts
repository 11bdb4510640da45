/**
 * Reference data: countries/territories (ISO 3166-1, ITU calling codes, ISO 4217 currencies)
 * and the cities/districts offered in address forms.
 */
import type { SeedCity, SeedCountry } from './types.ts';

/** [alpha2, alpha3, numeric, callingCode, currency, nameEn, nameZh] */
type CountryRow = [string, string, string, string, string, string, string];

const countryRows: CountryRow[] = [
  ['HK', 'HKG', '344', '852', 'HKD', 'Hong Kong', '香港'],
  ['MO', 'MAC', '446', '853', 'MOP', 'Macau', '澳門'],
  ['TW', 'TWN', '158', '886', 'TWD', 'Taiwan', '台灣'],
  ['AR', 'ARG', '032', '54', 'ARS', 'Argentina', '阿根廷'],
  ['AU', 'AUS', '036', '61', 'AUD', 'Australia', '澳洲'],
  ['AT', 'AUT', '040', '43', 'EUR', 'Austria', '奧地利'],
  ['BE', 'BEL', '056', '32', 'EUR', 'Belgium', '比利時'],
  ['BR', 'BRA', '076', '55', 'BRL', 'Brazil', '巴西'],
  ['BN', 'BRN', '096', '673', 'BND', 'Brunei', '汶萊'],
  ['KH', 'KHM', '116', '855', 'KHR', 'Cambodia', '柬埔寨'],
  ['CA', 'CAN', '124', '1', 'CAD', 'Canada', '加拿大'],
  ['CL', 'CHL', '152', '56', 'CLP', 'Chile', '智利'],
  ['CN', 'CHN', '156', '86', 'CNY', 'China', '中國'],
  ['CO', 'COL', '170', '57', 'COP', 'Colombia', '哥倫比亞'],
  ['CR', 'CRI', '188', '506', 'CRC', 'Costa Rica', '哥斯達黎加'],
  ['CZ', 'CZE', '203', '420', 'CZK', 'Czechia', '捷克'],
  ['DK', 'DNK', '208', '45', 'DKK', 'Denmark', '丹麥'],
  ['EG', 'EGY', '818', '20', 'EGP', 'Egypt', '埃及'],
  ['ET', 'ETH', '231', '251', 'ETB', 'Ethiopia', '埃塞俄比亞'],
  ['FI', 'FIN', '246', '358', 'EUR', 'Finland', '芬蘭'],
  ['FR', 'FRA', '250', '33', 'EUR', 'France', '法國'],
  ['DE', 'DEU', '276', '49', 'EUR', 'Germany', '德國'],
  ['GR', 'GRC', '300', '30', 'EUR', 'Greece', '希臘'],
  ['GT', 'GTM', '320', '502', 'GTQ', 'Guatemala', '危地馬拉'],
  ['HU', 'HUN', '348', '36', 'HUF', 'Hungary', '匈牙利'],
  ['IN', 'IND', '356', '91', 'INR', 'India', '印度'],
  ['ID', 'IDN', '360', '62', 'IDR', 'Indonesia', '印尼'],
  ['IE', 'IRL', '372', '353', 'EUR', 'Ireland', '愛爾蘭'],
  ['IL', 'ISR', '376', '972', 'ILS', 'Israel', '以色列'],
  ['IT', 'ITA', '380', '39', 'EUR', 'Italy', '意大利'],
  ['JM', 'JAM', '388', '1', 'JMD', 'Jamaica', '牙買加'],
  ['JP', 'JPN', '392', '81', 'JPY', 'Japan', '日本'],
  ['KE', 'KEN', '404', '254', 'KES', 'Kenya', '肯亞'],
  ['LU', 'LUX', '442', '352', 'EUR', 'Luxembourg', '盧森堡'],
  ['MY', 'MYS', '458', '60', 'MYR', 'Malaysia', '馬來西亞'],
  ['MX', 'MEX', '484', '52', 'MXN', 'Mexico', '墨西哥'],
  ['NP', 'NPL', '524', '977', 'NPR', 'Nepal', '尼泊爾'],
  ['NL', 'NLD', '528', '31', 'EUR', 'Netherlands', '荷蘭'],
  ['NZ', 'NZL', '554', '64', 'NZD', 'New Zealand', '新西蘭'],
  ['NG', 'NGA', '566', '234', 'NGN', 'Nigeria', '尼日利亞'],
  ['NO', 'NOR', '578', '47', 'NOK', 'Norway', '挪威'],
  ['PE', 'PER', '604', '51', 'PEN', 'Peru', '秘魯'],
  ['PH', 'PHL', '608', '63', 'PHP', 'Philippines', '菲律賓'],
  ['PL', 'POL', '616', '48', 'PLN', 'Poland', '波蘭'],
  ['PT', 'PRT', '620', '351', 'EUR', 'Portugal', '葡萄牙'],
  ['QA', 'QAT', '634', '974', 'QAR', 'Qatar', '卡塔爾'],
  ['SA', 'SAU', '682', '966', 'SAR', 'Saudi Arabia', '沙特阿拉伯'],
  ['SG', 'SGP', '702', '65', 'SGD', 'Singapore', '新加坡'],
  ['ZA', 'ZAF', '710', '27', 'ZAR', 'South Africa', '南非'],
  ['KR', 'KOR', '410', '82', 'KRW', 'South Korea', '韓國'],
  ['ES', 'ESP', '724', '34', 'EUR', 'Spain', '西班牙'],
  ['LK', 'LKA', '144', '94', 'LKR', 'Sri Lanka', '斯里蘭卡'],
  ['SE', 'SWE', '752', '46', 'SEK', 'Sweden', '瑞典'],
  ['CH', 'CHE', '756', '41', 'CHF', 'Switzerland', '瑞士'],
  ['TH', 'THA', '764', '66', 'THB', 'Thailand', '泰國'],
  ['TR', 'TUR', '792', '90', 'TRY', 'Türkiye', '土耳其'],
  ['AE', 'ARE', '784', '971', 'AED', 'United Arab Emirates', '阿拉伯聯合酋長國'],
  ['GB', 'GBR', '826', '44', 'GBP', 'United Kingdom', '英國'],
  ['US', 'USA', '840', '1', 'USD', 'United States', '美國'],
  ['VN', 'VNM', '704', '84', 'VND', 'Vietnam', '越南'],
];

/** EU member states that appear in the list above. */
const euMembers = ['AT', 'BE', 'CZ', 'DK', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LU', 'NL', 'PL', 'PT', 'ES', 'SE'];

/** Places the shop delivers to. */
const inServiceIds = new Set(['HK', 'MO', 'TW', 'SG', 'MY', 'JP', 'KR', 'AU', 'NZ', 'GB', 'US', 'CA', ...euMembers]);

/** HK, MO, TW first; everything else alphabetical by English name. */
const pinned = ['HK', 'MO', 'TW'];
const sortOrder: string[] = [
  ...pinned,
  ...countryRows
    .filter(([alpha2]) => !pinned.includes(alpha2))
    .map(([alpha2, , , , , nameEn]) => ({ alpha2, nameEn }))
    .sort((a, b) => a.nameEn.localeCompare(b.nameEn, 'en'))
    .map((c) => c.alpha2),
];

export const countries: SeedCountry[] = countryRows
  .map(([alpha2, alpha3, numeric, callingCode, currency, nameEn, nameZh]) => ({
    id: alpha2,
    alpha2,
    alpha3,
    numeric,
    callingCode,
    currency,
    nameEn,
    nameZh,
    inService: inServiceIds.has(alpha2),
    sort: sortOrder.indexOf(alpha2),
  }))
  .sort((a, b) => a.sort - b.sort);

/** [slug, nameEn, nameZh] — id becomes `<countryId>-<slug>`, sort follows list order. */
type CityRow = [string, string, string];

const cityRows: Record<string, CityRow[]> = {
  HK: [
    ['central-western', 'Central and Western', '中西區'],
    ['wan-chai', 'Wan Chai', '灣仔區'],
    ['eastern', 'Eastern', '東區'],
    ['southern', 'Southern', '南區'],
    ['yau-tsim-mong', 'Yau Tsim Mong', '油尖旺區'],
    ['sham-shui-po', 'Sham Shui Po', '深水埗區'],
    ['kowloon-city', 'Kowloon City', '九龍城區'],
    ['wong-tai-sin', 'Wong Tai Sin', '黃大仙區'],
    ['kwun-tong', 'Kwun Tong', '觀塘區'],
    ['kwai-tsing', 'Kwai Tsing', '葵青區'],
    ['tsuen-wan', 'Tsuen Wan', '荃灣區'],
    ['tuen-mun', 'Tuen Mun', '屯門區'],
    ['yuen-long', 'Yuen Long', '元朗區'],
    ['north', 'North', '北區'],
    ['tai-po', 'Tai Po', '大埔區'],
    ['sha-tin', 'Sha Tin', '沙田區'],
    ['sai-kung', 'Sai Kung', '西貢區'],
    ['islands', 'Islands', '離島區'],
  ],
  MO: [
    ['macau-peninsula', 'Macau Peninsula', '澳門半島'],
    ['taipa', 'Taipa', '氹仔'],
    ['coloane', 'Coloane', '路環'],
    ['cotai', 'Cotai', '路氹城'],
  ],
  TW: [
    ['taipei', 'Taipei', '台北'],
    ['new-taipei', 'New Taipei', '新北'],
    ['taoyuan', 'Taoyuan', '桃園'],
    ['hsinchu', 'Hsinchu', '新竹'],
    ['taichung', 'Taichung', '台中'],
    ['tainan', 'Tainan', '台南'],
    ['kaohsiung', 'Kaohsiung', '高雄'],
  ],
  SG: [['singapore', 'Singapore', '新加坡']],
  JP: [
    ['tokyo', 'Tokyo', '東京'],
    ['yokohama', 'Yokohama', '橫濱'],
    ['osaka', 'Osaka', '大阪'],
    ['kyoto', 'Kyoto', '京都'],
    ['nagoya', 'Nagoya', '名古屋'],
    ['fukuoka', 'Fukuoka', '福岡'],
    ['sapporo', 'Sapporo', '札幌'],
    ['shizuoka', 'Shizuoka', '靜岡'],
  ],
  GB: [
    ['london', 'London', '倫敦'],
    ['manchester', 'Manchester', '曼徹斯特'],
    ['birmingham', 'Birmingham', '伯明翰'],
    ['edinburgh', 'Edinburgh', '愛丁堡'],
    ['glasgow', 'Glasgow', '格拉斯哥'],
    ['bristol', 'Bristol', '布里斯托'],
    ['liverpool', 'Liverpool', '利物浦'],
  ],
  US: [
    ['new-york', 'New York', '紐約'],
    ['los-angeles', 'Los Angeles', '洛杉磯'],
    ['san-francisco', 'San Francisco', '三藩市'],
    ['seattle', 'Seattle', '西雅圖'],
    ['chicago', 'Chicago', '芝加哥'],
    ['boston', 'Boston', '波士頓'],
    ['houston', 'Houston', '休斯頓'],
    ['honolulu', 'Honolulu', '檀香山'],
  ],
};

export const cities: SeedCity[] = Object.entries(cityRows).flatMap(([countryId, rows]) =>
  rows.map(([slug, nameEn, nameZh], sort) => ({
    id: `${countryId}-${slug}`,
    countryId,
    nameEn,
    nameZh,
    sort,
  })),
);
