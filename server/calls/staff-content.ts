import * as contract from '../../contract/staff-content.ts';
import { deleteBanner, listBanners, listInformationPages, saveBanner, updateInformationPage } from '../services/staff/content.ts';
import { implement } from './handler.ts';

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
});
