/**
 * Shapes of the seed data. Data files export plain values of these types; seed/index.ts
 * derives the computed columns (minimum prices, search text) and inserts them.
 */

/**
 * An artwork seed: `<motif>-<hue>-<variant>`, rendered to SVG by server/services/artwork.ts
 * and served at /media/art/<seed>.svg. hue is 0–359, variant 0–9.
 */
export type ArtSeed = `${ArtMotif}-${number}-${number}`;
export type ArtMotif =
  | 'leaf'
  | 'teapot'
  | 'cup'
  | 'bean'
  | 'pourover'
  | 'incense'
  | 'censer'
  | 'bottle'
  | 'glass'
  | 'kettle'
  | 'box'
  | 'landscape';

export interface SeedProductType {
  id: string;
  nameEn: string;
  nameZh: string;
  descriptionEn: string;
  descriptionZh: string;
  isAlcohol?: boolean;
  isBoxset?: boolean;
  sort: number;
}

export interface SeedAttribute {
  /** `<group>:<value>`, e.g. `origin:yunnan`. */
  id: string;
  group: string;
  groupNameEn: string;
  groupNameZh: string;
  nameEn: string;
  nameZh: string;
  sort: number;
}

export interface SeedVariance {
  id: string;
  nameEn: string;
  nameZh: string;
  /** Integer minor units (cents). */
  priceHkd: number;
  priceUsd: number;
  stock: number;
  stopSell?: boolean;
}

export interface SeedProduct {
  id: string;
  typeId: string;
  nameEn: string;
  nameZh: string;
  descriptionEn: string;
  descriptionZh: string;
  images: ArtSeed[];
  attributeIds: string[];
  stopSell?: boolean;
  /** Sold to over-18s only; its type's flag when absent (a box set of whisky samples sets it). */
  isAlcohol?: boolean;
  soldCount: number;
  /** Days before the seed date the product was added (drives "new in"). */
  addedDaysAgo: number;
  variances: SeedVariance[];
}

export interface SeedBanner {
  id: string;
  kind: 'big' | 'small' | 'product';
  productTypeId?: string;
  titleEn: string;
  titleZh: string;
  subtitleEn: string;
  subtitleZh: string;
  image: ArtSeed;
  /** In-app path, e.g. `/new_in/tea` or `/product/tea-tieguanyin`. */
  link: string;
  sort: number;
}

export interface SeedCountry {
  /** CountryID: the alpha-2 code. */
  id: string;
  alpha2: string;
  alpha3: string;
  /** ISO 3166-1 numeric, three digits as text, e.g. "344". */
  numeric: string;
  /** Calling code without "+", e.g. "852". */
  callingCode: string;
  /** ISO 4217 code of the country's own currency. */
  currency: string;
  nameEn: string;
  nameZh: string;
  inService: boolean;
  sort: number;
}

export interface SeedCity {
  id: string;
  countryId: string;
  nameEn: string;
  nameZh: string;
  sort: number;
}

export interface SeedInformation {
  id: string;
  titleEn: string;
  titleZh: string;
  /** Plain text: blank lines split paragraphs, lines starting "## " are headings. */
  contentEn: string;
  contentZh: string;
}

export interface SeedLink {
  Label: { en: string; zh: string };
  To: string;
}

export interface SeedContent {
  navigationMenu: SeedLink[];
  footer: {
    Columns: { Title: { en: string; zh: string }; Links: SeedLink[] }[];
    Note: { en: string; zh: string };
  };
  newInSection: { Title: { en: string; zh: string }; Subtitle: { en: string; zh: string } };
  /** The landing's survey invitation (getSurveyLanding). */
  surveyLanding: { Title: { en: string; zh: string }; Text: { en: string; zh: string }; Image: string; Button: SeedLink };
}
