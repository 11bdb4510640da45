/**
 * Audit fixtures (tests/api/staff-audit-coverage.test.ts) for the shop's words and people: banners, information
 * pages, the top menu and footer, newsletter issues, push announcements, business enquiries, coupons and roles, each
 * change made as tests/api/staff-content.test.ts, staff-site-content.test.ts, staff-newsletter.test.ts,
 * staff-announcements.test.ts, staff-enquiries.test.ts, staff-coupons.test.ts and staff-access.test.ts make it.
 */
import { randomUUID } from 'node:crypto';
import {
  b2bEnquiry,
  setStaffRole,
  staffCreateCoupon,
  staffDeleteBanner,
  staffGetFooter,
  staffGetNavigationMenu,
  staffListEnquiries,
  staffSaveBanner,
  staffSaveFooter,
  staffSaveNavigationMenu,
  staffSaveNewsletterIssue,
  staffSendAnnouncement,
  staffSendNewsletterIssue,
  staffUpdateCoupon,
  staffUpdateEnquiry,
  staffUpdateInformationPage,
  type CallBodyInput,
} from '../../contract/index.ts';
import { SEND_ANNOUNCEMENT_ACTION } from '../../server/services/staff/announcements.ts';
import { CREATE_BANNER_ACTION, DELETE_BANNER_ACTION, UPDATE_INFORMATION_ACTION } from '../../server/services/staff/content.ts';
import { CREATE_COUPON_ACTION, UPDATE_COUPON_ACTION } from '../../server/services/staff/coupons.ts';
import { UPDATE_ENQUIRY_ACTION } from '../../server/services/staff/enquiries.ts';
import { SET_STAFF_ROLE_ACTION } from '../../server/services/staff/members.ts';
import { CREATE_NEWSLETTER_ACTION, SEND_NEWSLETTER_ACTION } from '../../server/services/staff/newsletter-issues.ts';
import { FOOTER_BLOCK, NAVIGATION_BLOCK, UPDATE_FOOTER_ACTION, UPDATE_NAVIGATION_ACTION } from '../../server/services/staff/site-content.ts';
import { DAY, HOUR, type AuditFixture, type AuditShop } from './audit-fixtures.ts';
import { freshClientAddress, freshEmail } from './members.ts';
import { auth, shopper } from './shop.ts';

const bannerBody = (word: string): CallBodyInput<typeof staffSaveBanner> => ({
  Kind: 'small',
  Title: { en: `${word} Pu-erh`, zh: `${word}普洱` },
  Subtitle: { en: 'Aged cakes for cold nights', zh: '陳年茶餅，暖過寒夜' },
  Image: '/media/art/leaf-120-3.svg',
  Link: '/product-type/tea',
});

const newsletterBody = (word: string) => ({
  Subject: { en: `Autumn harvest ${word}`, zh: `秋收 ${word}` },
  Body: { en: 'New oolongs are in.', zh: '新烏龍到貨。' },
});

const iso = (ms: number) => new Date(ms).toISOString();
const couponBody = (shop: AuditShop): CallBodyInput<typeof staffCreateCoupon> => ({
  CouponID: shop.fresh('AUDIT').toUpperCase(),
  Name: { en: 'Audit test coupon', zh: '審計測試優惠' },
  Amount: { HKD: 3000, USD: 400 },
  ValidFrom: iso(shop.clock.now - HOUR),
  ValidUntil: iso(shop.clock.now + 30 * DAY),
});

export const contentFixtures: Record<string, AuditFixture> = {
  [staffSaveBanner.name]: async (shop) => ({
    by: shop.staff,
    change: async () => {
      const { Banner } = await shop.t.call(staffSaveBanner, bannerBody(shop.fresh()), auth(shop.staff));
      return [{ action: CREATE_BANNER_ACTION, target: `banner:${Banner.BannerID}` }];
    },
  }),

  [staffDeleteBanner.name]: async (shop) => {
    const { Banner } = await shop.t.call(staffSaveBanner, bannerBody(shop.fresh()), auth(shop.staff));
    return {
      by: shop.staff,
      change: async () => {
        await shop.t.call(staffDeleteBanner, { BannerID: Banner.BannerID }, auth(shop.staff));
        return [{ action: DELETE_BANNER_ACTION, target: `banner:${Banner.BannerID}` }];
      },
    };
  },

  [staffUpdateInformationPage.name]: async (shop) => ({
    by: shop.staff,
    change: async () => {
      const word = shop.fresh();
      const { Information } = await shop.t.call(
        staffUpdateInformationPage,
        { ID: 'about', Title: { en: `About ${word}`, zh: `關於${word}` }, Content: { en: 'We pour tea.', zh: '我們泡茶。' } },
        auth(shop.staff),
      );
      return [{ action: UPDATE_INFORMATION_ACTION, target: `information:${Information.ID}` }];
    },
  }),

  [staffSaveNavigationMenu.name]: async (shop) => {
    const { Menu } = await shop.t.call(staffGetNavigationMenu, {}, auth(shop.staff));
    return {
      by: shop.staff,
      change: async () => {
        // The menu customers see, its first entry renamed.
        const [first, ...rest] = Menu;
        const renamed = { ...first!, Label: { ...first!.Label, en: shop.fresh('Teas') } };
        await shop.t.call(staffSaveNavigationMenu, { Menu: [renamed, ...rest] }, auth(shop.staff));
        return [{ action: UPDATE_NAVIGATION_ACTION, target: `content:${NAVIGATION_BLOCK}` }];
      },
    };
  },

  [staffSaveFooter.name]: async (shop) => {
    const { Columns, Note } = await shop.t.call(staffGetFooter, {}, auth(shop.staff));
    return {
      by: shop.staff,
      change: async () => {
        await shop.t.call(staffSaveFooter, { Columns, Note: { ...Note, en: `Brewed in Hong Kong ${shop.fresh()}` } }, auth(shop.staff));
        return [{ action: UPDATE_FOOTER_ACTION, target: `content:${FOOTER_BLOCK}` }];
      },
    };
  },

  [staffSaveNewsletterIssue.name]: async (shop) => ({
    by: shop.staff,
    change: async () => {
      const { Issue } = await shop.t.call(staffSaveNewsletterIssue, newsletterBody(shop.fresh()), auth(shop.staff));
      return [{ action: CREATE_NEWSLETTER_ACTION, target: `newsletter:${Issue.IssueID}` }];
    },
  }),

  [staffSendNewsletterIssue.name]: async (shop) => {
    const { Issue } = await shop.t.call(staffSaveNewsletterIssue, newsletterBody(shop.fresh()), auth(shop.staff));
    return {
      by: shop.staff,
      change: async () => {
        await shop.t.call(staffSendNewsletterIssue, { IssueID: Issue.IssueID, RequestID: randomUUID() }, auth(shop.staff));
        return [{ action: SEND_NEWSLETTER_ACTION, target: `newsletter:${Issue.IssueID}` }];
      },
    };
  },

  [staffSendAnnouncement.name]: async (shop) => ({
    by: shop.staff,
    change: async () => {
      const RequestID = randomUUID();
      const body = { RequestID, Title: { en: 'New oolongs are in', zh: '新烏龍到貨' }, Body: { en: 'Three spring harvests.', zh: '三款春茶。' }, Link: '/new_in' };
      await shop.t.call(staffSendAnnouncement, body, auth(shop.staff));
      return [{ action: SEND_ANNOUNCEMENT_ACTION, target: `announcement:${RequestID}` }];
    },
  }),

  [staffUpdateEnquiry.name]: async (shop) => {
    const Email = freshEmail('buyer');
    const enquiry = {
      FullName: shop.fresh('Buyer'),
      Email,
      CountryCallingCode: '852',
      ContactNumber: '91234567',
      EnquiryType: 'teaCollection' as const,
      Message: 'Oolong for our lounge.',
      PrivacyConsent: true as const,
      Language: 'en' as const,
      Website: '',
    };
    await shop.t.call(b2bEnquiry, enquiry, { 'x-forwarded-for': freshClientAddress() });
    const { EnquiryList } = await shop.t.call(staffListEnquiries, { Status: 'new' }, auth(shop.staff));
    const { EnquiryID } = EnquiryList.find((e) => e.Email === Email)!;
    return {
      by: shop.staff,
      change: async () => {
        await shop.t.call(staffUpdateEnquiry, { EnquiryID, Status: 'contacted', Note: 'Called; samples sent.' }, auth(shop.staff));
        return [{ action: UPDATE_ENQUIRY_ACTION, target: `enquiry:${EnquiryID}` }];
      },
    };
  },

  [staffCreateCoupon.name]: async (shop) => ({
    by: shop.staff,
    change: async () => {
      const { Coupon } = await shop.t.call(staffCreateCoupon, couponBody(shop), auth(shop.staff));
      return [{ action: CREATE_COUPON_ACTION, target: `coupon:${Coupon.CouponID}` }];
    },
  }),

  [staffUpdateCoupon.name]: async (shop) => {
    const { Coupon } = await shop.t.call(staffCreateCoupon, couponBody(shop), auth(shop.staff));
    return {
      by: shop.staff,
      change: async () => {
        await shop.t.call(staffUpdateCoupon, { CouponID: Coupon.CouponID, Disabled: true }, auth(shop.staff));
        return [{ action: UPDATE_COUPON_ACTION, target: `coupon:${Coupon.CouponID}` }];
      },
    };
  },

  [setStaffRole.name]: async (shop) => {
    const someone = await shopper(shop.t, { address: false });
    return {
      by: shop.owner,
      change: async () => {
        await shop.t.call(setStaffRole, { Email: someone.email, Role: 'host' }, auth(shop.owner));
        return [{ action: SET_STAFF_ROLE_ACTION, target: `user:${someone.userId}` }];
      },
    };
  },
};
