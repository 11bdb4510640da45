import * as v from 'valibot';
import { INFORMATION_PAGES, Link } from './content.ts';
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
import { FooterColumns, FooterNote, NavigationMenuEntries } from './staff-menu-fields.ts';

/**
 * Content in the back office (issue 32): the promotion and product-type banners, the words of the fixed
 * information pages (about, faq, …), the top menu and the footer. Customers' calls (getBigPromotionBanner,
 * getSmallPromotionBanner, getProductBanner, getInformation, getNavigationMenu, getFooterContent) read the tables
 * directly, so a change shows to them at once. Newsletter issues: staff-newsletter.ts.
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
  readOnly: true,
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
  readOnly: true,
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

/**
 * The pages a menu entry may lead to, for the editors to offer: the SPA's route tree's pages that need no
 * parameter (the back office left out). A target may be any page of the tree (a product's too), '#block' added.
 */
const ShopPages = v.array(v.string());

const Footer = { Columns: v.array(v.object({ Title: Bilingual, Links: v.array(Link) })), Note: Bilingual };

/** The top menu as customers see it (getNavigationMenu), with the pages an entry may lead to. */
export const staffGetNavigationMenu = defineCall({
  name: 'staff-get-navigation-menu',
  readOnly: true,
  method: 'POST',
  auth: 'staff',
  body: noBody,
  response: v.object({ Menu: v.array(Link), Pages: ShopPages }),
});

/**
 * Replaces the top menu: its entries in order, each with its words in both languages and the page it leads to.
 * A target that is no page of the SPA's route tree, or a page of the back office, is 400 InvalidParameter naming
 * it ('Menu.2.To'); so is a second entry leading where another does. Customers' getNavigationMenu answers the
 * new menu at once. One audit row ('navigation.update', before and after); a save that changes nothing writes none.
 */
export const staffSaveNavigationMenu = defineCall({
  name: 'staff-save-navigation-menu',
  method: 'POST',
  auth: 'staff',
  body: v.object({ Menu: NavigationMenuEntries }),
  response: v.object({ Menu: v.array(Link) }),
});

/** The footer as customers see it (getFooterContent), with the pages a link may lead to. */
export const staffGetFooter = defineCall({
  name: 'staff-get-footer',
  readOnly: true,
  method: 'POST',
  auth: 'staff',
  body: noBody,
  response: v.object({ ...Footer, Pages: ShopPages }),
});

/**
 * Replaces the footer: its columns (a title and links each) and the note under them, in both languages. Targets
 * are checked as staff-save-navigation-menu checks them ('Columns.1.Links.0.To'); two columns with the same English
 * title, or two links of a column to one page, are 400 naming the second. Customers' getFooterContent answers it at
 * once. One audit row ('footer.update', before and after); a save that changes nothing writes none.
 */
export const staffSaveFooter = defineCall({
  name: 'staff-save-footer',
  method: 'POST',
  auth: 'staff',
  body: v.object({ Columns: FooterColumns, Note: FooterNote }),
  response: v.object(Footer),
});
