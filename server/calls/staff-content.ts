import * as contract from '../../contract/staff-content.ts';
import { routeOf } from '../http/page-match.ts';
import { PAGE_ROUTES } from '../http/page-routes.gen.ts';
import { deleteBanner, listBanners, listInformationPages, saveBanner, updateInformationPage } from '../services/staff/content.ts';
import { readFooter, readNavigationMenu, saveFooter, saveNavigationMenu } from '../services/staff/site-content.ts';
import { implement } from './handler.ts';

/** The back office is no page to send customers to from their menus. */
const isBackOffice = (routePath: string) => routePath === '/admin' || routePath.startsWith('/admin/');

/**
 * A menu target is a page of the SPA's route tree, matched as the server matches any address it serves
 * (page-match.ts, generated from src/routes): '/product/x' is the product route's, '#block' is left aside.
 */
function isShopPage(to: string): boolean {
  const match = routeOf(to.split('#')[0] || '/');
  return !!match && !isBackOffice(match.route.path);
}

/** The tree's pages that need no parameter (an optional one left out), for the editors to offer. */
function shopPages(): string[] {
  const pages = PAGE_ROUTES.filter((r) => !/\/\$/.test(r.path) && !isBackOffice(r.path) && r.path !== '/').map((r) => r.path.replace(/\/\{-\$\w+\}/g, '') || '/');
  return [...new Set(pages)].sort();
}

export const staffContentHandlers = implement(contract, {
  async staffListBanners({ body, deps }) {
    return { BannerList: await listBanners(deps.db, body.Kind) };
  },
  async staffSaveBanner({ body, deps, userId }) {
    const banner = await saveBanner(deps, userId, {
      bannerId: body.BannerID,
      kind: body.Kind,
      productTypeId: body.ProductTypeID,
      title: body.Title,
      subtitle: body.Subtitle,
      image: body.Image,
      link: body.Link,
      sort: body.Sort,
    });
    return { Banner: banner };
  },
  async staffDeleteBanner({ body, deps, userId }) {
    await deleteBanner(deps, userId, body.BannerID);
    return {};
  },
  async staffListInformationPages({ deps }) {
    return { InformationList: await listInformationPages(deps.db) };
  },
  async staffUpdateInformationPage({ body, deps, userId }) {
    return { Information: await updateInformationPage(deps, userId, { id: body.ID, title: body.Title, content: body.Content }) };
  },
  async staffGetNavigationMenu({ deps }) {
    return { Menu: await readNavigationMenu(deps.db), Pages: shopPages() };
  },
  async staffSaveNavigationMenu({ body, deps, userId }) {
    return { Menu: await saveNavigationMenu(deps, userId, body.Menu, isShopPage) };
  },
  async staffGetFooter({ deps }) {
    return { ...(await readFooter(deps.db)), Pages: shopPages() };
  },
  async staffSaveFooter({ body, deps, userId }) {
    return saveFooter(deps, userId, { Columns: body.Columns, Note: body.Note }, isShopPage);
  },
});
