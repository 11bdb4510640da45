import * as v from 'valibot';
import { Banner, ProductCard } from './catalogue.ts';
import { Bilingual, Currency, Id, defineCall, noBody } from './define.ts';

/** The information pages of spec §2, each a route of its own. */
export const INFORMATION_PAGES = [
  'about',
  'contact_us',
  'ship_return_policy',
  'got_question',
  'faq',
  'privacy_policy',
  'terms_and_conditions',
] as const;
export type InformationPageId = (typeof INFORMATION_PAGES)[number];

export const Information = v.object({
  id: v.string(),
  Title: Bilingual,
  /** Plain text: blank lines split paragraphs, lines starting "## " are headings. */
  content: Bilingual,
  UpdatedAt: v.string(),
});
export type Information = v.InferOutput<typeof Information>;

export const Link = v.object({ Label: Bilingual, To: v.string() });
export type Link = v.InferOutput<typeof Link>;

export const getAllInformation = defineCall({
  name: 'getAllInformation',
  method: 'GET',
  auth: 'public',
  body: noBody,
  response: v.object({ InformationList: v.array(v.object({ id: v.string(), Title: Bilingual })) }),
});

export const getInformation = defineCall({
  name: 'getInformation',
  method: 'POST',
  auth: 'public',
  body: v.object({ id: Id }),
  response: v.object({ Information }),
});

export const getSmallPromotionBanner = defineCall({
  name: 'getSmallPromotionBanner',
  method: 'GET',
  auth: 'public',
  body: noBody,
  response: v.object({ BannerList: v.array(Banner) }),
});

export const getBigPromotionBanner = defineCall({
  name: 'getBigPromotionBanner',
  method: 'GET',
  auth: 'public',
  body: noBody,
  response: v.object({ BannerList: v.array(Banner) }),
});

export const getNewInSection = defineCall({
  name: 'getNewInSection',
  method: 'GET',
  auth: 'public',
  body: v.object({ Currency }),
  response: v.object({ Title: Bilingual, Subtitle: Bilingual, ProductList: v.array(ProductCard) }),
});

export const getFooterContent = defineCall({
  name: 'getFooterContent',
  method: 'GET',
  auth: 'public',
  body: noBody,
  response: v.object({
    Columns: v.array(v.object({ Title: Bilingual, Links: v.array(Link) })),
    Note: Bilingual,
  }),
});

export const getNavigationMenu = defineCall({
  name: 'getNavigationMenu',
  method: 'GET',
  auth: 'public',
  body: noBody,
  response: v.object({ Menu: v.array(Link) }),
});

/** Spec §7 Content: the inspiration section's title and subtitle on the landing (issue 19). */
export const getInspirationTitle = defineCall({
  name: 'getInspirationTitle',
  method: 'GET',
  auth: 'public',
  body: noBody,
  response: v.object({ Title: Bilingual, Subtitle: Bilingual }),
});

/**
 * Spec §7 Content getSurveyLanding: the landing's block inviting everyone to taste with us and tell us what
 * they tasted (event surveys). Button leads to the upcoming tastings; the SPA offers a member who has just
 * been at a session its survey instead. Image: generated artwork (/media/art/…).
 */
export const getSurveyLanding = defineCall({
  name: 'getSurveyLanding',
  method: 'GET',
  auth: 'public',
  body: noBody,
  response: v.object({ Title: Bilingual, Text: Bilingual, Image: v.string(), Button: Link }),
});
