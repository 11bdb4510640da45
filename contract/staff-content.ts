import * as v from 'valibot';
import { INFORMATION_PAGES } from './content.ts';
import { Bilingual, defineCall, Id, noBody } from './define.ts';
import {
  BannerImage,
  BannerKind,
  BannerLink,
  BannerSort,
  BannerSubtitle,
  BannerTitle,
  InformationContent,
  InformationTitle,
} from './staff-content-fields.ts';

/**
 * Content in the back office (issue 32): the promotion and product-type banners, and the words of the fixed
 * information pages (about, faq, …). Customers' calls (getBigPromotionBanner, getSmallPromotionBanner,
 * getProductBanner, getInformation) read the tables directly, so a change shows to them at once.
 */

export const StaffBanner = v.object({
  BannerID: v.string(),
  Kind: BannerKind,
  /** The product type whose page shows it; null unless Kind is 'product'. */
  ProductTypeID: v.nullable(v.string()),
  Title: Bilingual,
  Subtitle: Bilingual,
  /** The artwork seed, as stored; ImageUrl is its address. */
  Image: v.string(),
  ImageUrl: v.string(),
  Link: v.string(),
  Sort: v.number(),
});
export type StaffBanner = v.InferOutput<typeof StaffBanner>;

export const StaffInformationPage = v.object({
  ID: v.picklist(INFORMATION_PAGES),
  Title: Bilingual,
  Content: Bilingual,
  /** ISO 8601: when its words last changed. */
  UpdatedAt: v.string(),
});
export type StaffInformationPage = v.InferOutput<typeof StaffInformationPage>;

/** Every banner, by kind (big, small, product), then in the order customers see them. Few enough for one page. */
export const staffListBanners = defineCall({
  name: 'staff-list-banners',
  method: 'POST',
  auth: 'staff',
  body: v.optional(v.object({ Kind: v.optional(v.picklist(['big', 'small', 'product', 'all']), 'all') }), {}),
  response: v.object({ BannerList: v.array(StaffBanner) }),
});

/**
 * Creates a banner (no BannerID) or replaces an existing one's fields (BannerID; unknown: 400 ObjectNotFound
 * naming BannerID). Link is a shop path (a full address is 400 naming Link); Image an artwork seed (400 naming
 * Image for a motif the artwork does not draw); a 'product' banner names its ProductTypeID (400 naming it when
 * missing or unknown). One audit row ('banner.create' or 'banner.update', before and after); a save that
 * changes nothing writes none.
 */
export const staffSaveBanner = defineCall({
  name: 'staff-save-banner',
  method: 'POST',
  auth: 'staff',
  body: v.object({
    BannerID: v.optional(Id),
    Kind: BannerKind,
    ProductTypeID: v.optional(v.nullable(Id)),
    Title: BannerTitle,
    Subtitle: BannerSubtitle,
    Image: BannerImage,
    Link: BannerLink,
    Sort: v.optional(BannerSort, 0),
  }),
  response: v.object({ Banner: StaffBanner }),
});

/** Removes a banner; customers stop seeing it at once. One audit row ('banner.delete', the banner as before). Unknown: 400 ObjectNotFound naming BannerID. */
export const staffDeleteBanner = defineCall({
  name: 'staff-delete-banner',
  method: 'POST',
  auth: 'staff',
  body: v.object({ BannerID: Id }),
  response: v.object({}),
});

/** The information pages, in the order of INFORMATION_PAGES, with their words in both languages. */
export const staffListInformationPages = defineCall({
  name: 'staff-list-information-pages',
  method: 'POST',
  auth: 'staff',
  body: noBody,
  response: v.object({ InformationList: v.array(StaffInformationPage) }),
});

/**
 * Replaces an information page's title and text in both languages. The pages are fixed (ID one of
 * INFORMATION_PAGES, else 400 naming ID); this edits them, it makes none. One audit row ('information.update',
 * before and after); a save that changes nothing writes none and keeps UpdatedAt.
 */
export const staffUpdateInformationPage = defineCall({
  name: 'staff-update-information-page',
  method: 'POST',
  auth: 'staff',
  body: v.object({ ID: v.picklist(INFORMATION_PAGES, 'one of the information pages'), Title: InformationTitle, Content: InformationContent }),
  response: v.object({ Information: StaffInformationPage }),
});
