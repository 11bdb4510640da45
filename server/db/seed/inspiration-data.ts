/**
 * Inspiration seed (issue 19): six members with avatars and bios, 30 published posts (English and Chinese) with
 * generated artwork as their pictures and catalogue products in them, comments, likes, saves and follows. Every
 * counter is the count of its rows (views and shares are numbers of their own). Ids are fixed, so tests can
 * name them.
 */
import type { Db } from '../client.ts';
import { commentLikes, comments, contentBlocks, follows, inspirationLikes, inspirationSaves, inspirations, products, userSocialCounts, users } from '../schema.ts';
import { artworkMedia } from '../../services/inspiration/posts.ts';
import { artworkUrl } from '../../services/artwork.ts';
import { inArray } from 'drizzle-orm';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export const inspirationSection = {
  Title: { en: 'Inspiration', zh: '靈感' },
  Subtitle: { en: 'How our members brew, pour and gather', zh: '看看會員如何沖泡、斟飲與相聚' },
};

const memberId = (n: number) => `00000000-0000-4000-8000-00000000020${n}`;
export const INSPIRATION_MEMBERS = [
  { id: memberId(1), email: 'wingyan.inspire@sipandgather.hk', givenName: 'Wing Yan', familyName: 'Lau', name: 'wingyan_gongfu', avatar: 'teapot-20-3', bio: 'Gongfu tea on a Sham Shui Po balcony. Oolong first, questions later.' },
  { id: memberId(2), email: 'chunho.inspire@sipandgather.hk', givenName: 'Chun Ho', familyName: 'Tsang', name: 'chunho_pourover', avatar: 'pourover-30-1', bio: '手沖咖啡愛好者，週末在西貢海邊煮咖啡。' },
  { id: memberId(3), email: 'sakura.inspire@sipandgather.hk', givenName: 'Sakura', familyName: 'Ito', name: 'sakura_incense', avatar: 'incense-330-2', bio: 'Incense, hinoki and quiet evenings. Kyoto-born, Kowloon-based.' },
  { id: memberId(4), email: 'kinman.inspire@sipandgather.hk', givenName: 'Kin Man', familyName: 'Yip', name: 'kinman_drams', avatar: 'glass-35-4', bio: '威士忌與清酒的夜晚，配一點音樂。' },
  { id: memberId(5), email: 'olivia.inspire@sipandgather.hk', givenName: 'Olivia', familyName: 'Chan', name: 'olivia_sips', avatar: 'cup-200-5', bio: 'Slow mornings, green tea and a notebook. Sharing what I brew.' },
  { id: memberId(6), email: 'siuming.inspire@sipandgather.hk', givenName: 'Siu Ming', familyName: 'Ho', name: 'siuming_tea', avatar: 'leaf-110-6', bio: '普洱收藏新手，喜歡和朋友一起品茶。' },
] as const;

type Lang = 'en' | 'zh';
interface SeedPost {
  author: number;
  lang: Lang;
  title: string;
  description: string;
  tags: string[];
  products: string[];
  art: string[];
  views: number;
  shares: number;
}

/** The 30 posts, five per member. */
const POSTS: SeedPost[] = [
  // Wing Yan: gongfu oolong (en)
  { author: 1, lang: 'en', title: 'Balcony gongfu with Tieguanyin', description: 'Six short steeps in the gaiwan while the street wakes up. The third infusion is where the orchid shows.', tags: ['gongfu', 'oolong', 'morning'], products: ['tea-tieguanyin', 'equipment-gaiwan'], art: ['teapot-24-1', 'leaf-95-2'], views: 320, shares: 12 },
  { author: 1, lang: 'en', title: 'Da Hong Pao on a rainy evening', description: 'Roasted, mineral, a little cocoa. Rain on the window and a Yixing pot that has seen a hundred of these.', tags: ['oolong', 'rainyday', 'yixing'], products: ['tea-da-hong-pao', 'equipment-yixing-teapot'], art: ['teapot-18-4'], views: 210, shares: 5 },
  { author: 1, lang: 'en', title: 'Tea tray set for four', description: 'How I lay the tray when friends come over: pitcher in the middle, cups warmed, kettle within reach.', tags: ['gongfu', 'friends', 'setup'], products: ['equipment-tea-tray', 'equipment-gaiwan'], art: ['box-30-2', 'cup-28-3'], views: 150, shares: 9 },
  { author: 1, lang: 'en', title: 'Dong Ding, three ways', description: 'Same leaf, three water temperatures. 85 °C was sweetest; boiling brought the roast forward.', tags: ['oolong', 'experiment'], products: ['tea-dong-ding'], art: ['leaf-80-5', 'cup-60-1', 'kettle-40-2'], views: 98, shares: 3 },
  { author: 1, lang: 'en', title: 'Honey orchid Dancong', description: 'Mi Lan Xiang smells like a flower shop at closing time. Short steeps, lots of them.', tags: ['oolong', 'dancong', 'floral'], products: ['tea-dancong-milan'], art: ['leaf-45-7'], views: 175, shares: 6 },
  // Chun Ho: pour-over coffee (zh)
  { author: 2, lang: 'zh', title: '西貢海邊的手沖', description: '帶着手沖壺和耶加雪菲到海邊，花香和檸檬皮的味道配海風，一流。', tags: ['手沖', '咖啡', '戶外'], products: ['coffee-yirgacheffe', 'equipment-pourover-dripper'], art: ['pourover-32-2', 'landscape-190-3'], views: 410, shares: 21 },
  { author: 2, lang: 'zh', title: '古吉日曬的早晨', description: '日曬豆的莓果甜感很明顯，水溫九十二度，一比十五。', tags: ['手沖', '日曬', '早晨'], products: ['coffee-guji-natural'], art: ['bean-20-1'], views: 260, shares: 8 },
  { author: 2, lang: 'zh', title: '磨豆機的刻度筆記', description: '同一支肯雅豆，粗細差兩格，酸質完全不同。記錄下來給大家參考。', tags: ['咖啡', '研磨', '筆記'], products: ['coffee-kenya-aa', 'equipment-burr-grinder'], art: ['bean-28-4', 'pourover-26-5'], views: 190, shares: 4 },
  { author: 2, lang: 'zh', title: '港式拼配做冰滴', description: '夏天用港式拼配做冰滴，慢慢滴一整晚，朝早飲剛好。', tags: ['咖啡', '夏天', '冰滴'], products: ['coffee-hk-house-blend'], art: ['glass-200-2'], views: 340, shares: 15 },
  { author: 2, lang: 'zh', title: '細口壺的水流練習', description: '細口壺控制水流真的需要練習，一圈一圈慢慢注水。', tags: ['手沖', '練習'], products: ['equipment-gooseneck-kettle'], art: ['kettle-210-3'], views: 120, shares: 2 },
  // Sakura: incense (en)
  { author: 3, lang: 'en', title: 'Hinoki after a long day', description: 'One stick of hinoki and the flat smells like a forest bath. Ten quiet minutes, no phone.', tags: ['incense', 'hinoki', 'evening'], products: ['incense-hinoki-sticks', 'equipment-celadon-incense-holder'], art: ['incense-120-1', 'censer-130-2'], views: 280, shares: 11 },
  { author: 3, lang: 'en', title: 'Sandalwood cones for reading', description: 'A cone of sandalwood, a novel and a pot of jasmine pearls. Sunday, sorted.', tags: ['incense', 'sandalwood', 'reading'], products: ['incense-sandalwood-cones', 'tea-jasmine-pearls'], art: ['censer-30-4'], views: 160, shares: 4 },
  { author: 3, lang: 'en', title: 'Plum blossom in winter', description: 'The Kyoto plum blossom sticks remind me of my grandmother\'s hallway in February.', tags: ['incense', 'floral', 'winter'], products: ['incense-kyoto-plum-blossom'], art: ['incense-340-5', 'landscape-330-1'], views: 140, shares: 7 },
  { author: 3, lang: 'en', title: 'Agarwood and silence', description: 'Agarwood is expensive, so it is for special evenings only. Deep, resinous, sweet at the end.', tags: ['incense', 'agarwood'], products: ['incense-agarwood-sticks'], art: ['incense-25-6'], views: 230, shares: 10 },
  { author: 3, lang: 'en', title: 'Osmanthus for mid-autumn', description: 'Osmanthus incense, mooncakes and a pot of Long Jing on the roof.', tags: ['incense', 'midautumn', 'floral'], products: ['incense-osmanthus-sticks', 'tea-long-jing'], art: ['incense-45-3', 'landscape-40-2'], views: 300, shares: 14 },
  // Kin Man: spirits (zh)
  { author: 4, lang: 'zh', title: '艾雷島的煙燻夜', description: '一杯艾雷島單一麥芽，煙燻、海鹽、碘酒味，配黑膠唱片。', tags: ['威士忌', '煙燻', '夜晚'], products: ['spirits-islay-single-malt'], art: ['glass-30-1', 'bottle-25-2'], views: 270, shares: 6 },
  { author: 4, lang: 'zh', title: '純米大吟釀配刺身', description: '冰鎮的純米大吟釀，果香清爽，配三文魚刺身一流。', tags: ['清酒', '配餐'], products: ['spirits-junmai-daiginjo'], art: ['bottle-200-3'], views: 180, shares: 5 },
  { author: 4, lang: 'zh', title: '自家梅酒蘇打', description: '梅酒加梳打水加冰，夏天最簡單的特調。', tags: ['梅酒', '夏天', '特調'], products: ['spirits-umeshu'], art: ['glass-350-4'], views: 220, shares: 9 },
  { author: 4, lang: 'zh', title: '香港氈酒湯力', description: '本地氈酒做湯力，加一片青檸和一點胡椒，味道很有層次。', tags: ['氈酒', '特調'], products: ['spirits-hong-kong-dry-gin'], art: ['glass-150-5', 'bottle-140-1'], views: 150, shares: 3 },
  { author: 4, lang: 'zh', title: '威士忌品酒三杯', description: '斯佩賽、日本、艾雷島三杯並排，由淡到濃慢慢試。', tags: ['威士忌', '品酒'], products: ['spirits-speyside-single-malt', 'spirits-japanese-whisky', 'spirits-islay-single-malt'], art: ['glass-28-6'], views: 310, shares: 12 },
  // Olivia: green tea and mornings (en)
  { author: 5, lang: 'en', title: 'Sencha and a notebook', description: 'Bright, grassy sencha at 70 °C. Three pages of morning writing before work.', tags: ['greentea', 'morning', 'slowliving'], products: ['tea-sencha'], art: ['cup-100-2', 'leaf-110-1'], views: 200, shares: 6 },
  { author: 5, lang: 'en', title: 'Gyokuro, very slowly', description: 'Gyokuro at 50 °C tastes like broth. Tiny cups, patience, worth it.', tags: ['greentea', 'umami'], products: ['tea-gyokuro'], art: ['cup-120-4'], views: 130, shares: 2 },
  { author: 5, lang: 'en', title: 'Silver Needle picnic', description: 'Cold-brewed Silver Needle in a bottle for a Lantau hike. Honeyed and soft.', tags: ['whitetea', 'coldbrew', 'outdoors'], products: ['tea-silver-needle'], art: ['landscape-150-4', 'bottle-60-2'], views: 250, shares: 13 },
  { author: 5, lang: 'en', title: 'Long Jing by the window', description: 'Watching the leaves unfurl in a glass is half the pleasure. Chestnut sweetness.', tags: ['greentea', 'longjing'], products: ['tea-long-jing'], art: ['glass-90-3'], views: 170, shares: 4 },
  { author: 5, lang: 'en', title: 'First flush Darjeeling scones', description: 'Muscatel Darjeeling with scones for a friend\'s birthday. Milk optional, joy mandatory.', tags: ['blacktea', 'friends', 'afternoon'], products: ['tea-darjeeling-first-flush'], art: ['cup-20-6', 'box-15-1'], views: 190, shares: 8 },
  // Siu Ming: pu-erh with friends (zh)
  { author: 6, lang: 'zh', title: '熟普洱暖胃', description: '天氣轉涼，一壺雲南熟普洱，陳香溫潤，和家人一起飲。', tags: ['普洱', '冬天', '家人'], products: ['tea-yunnan-puer-ripe'], art: ['teapot-15-2', 'leaf-30-3'], views: 240, shares: 7 },
  { author: 6, lang: 'zh', title: '易武生普初體驗', description: '第一次試易武生普洱，苦後回甘，喉韻很長。', tags: ['普洱', '生茶', '初體驗'], products: ['tea-yiwu-raw-puer'], art: ['leaf-70-4'], views: 160, shares: 3 },
  { author: 6, lang: 'zh', title: '鐵觀音茶聚', description: '週末約了朋友茶聚，安溪鐵觀音一泡再泡，蘭花香滿屋。', tags: ['茶聚', '烏龍', '朋友'], products: ['tea-tieguanyin', 'equipment-tea-tray'], art: ['teapot-90-5', 'cup-85-2'], views: 290, shares: 11 },
  { author: 6, lang: 'zh', title: '祁門紅茶配點心', description: '祁門紅茶有淡淡煙燻和蘭香，配蝦餃燒賣剛好。', tags: ['紅茶', '點心'], products: ['tea-keemun'], art: ['cup-10-4'], views: 210, shares: 5 },
  { author: 6, lang: 'zh', title: '東方美人的蜜香', description: '小綠葉蟬咬過的茶葉，帶出蜂蜜和熟果香，很特別。', tags: ['烏龍', '蜜香'], products: ['tea-oriental-beauty'], art: ['leaf-35-8', 'teapot-40-6'], views: 180, shares: 4 },
];

/** Fixed post ids: `insp-<member>-<n>`. */
export const inspirationId = (author: number, n: number) => `insp-${author}-${n}`;

/** Comments (author, post index in POSTS, text). */
const COMMENTS: [number, number, string][] = [
  [2, 0, 'That third steep is always the best one!'],
  [5, 0, 'Which gaiwan size do you use?'],
  [6, 0, '鐵觀音正！'],
  [3, 5, '看起來好舒服，下次也想試試。'],
  [1, 5, 'Beach coffee goals.'],
  [4, 8, '冰滴要滴幾耐？'],
  [5, 10, 'Hinoki is my favourite too.'],
  [1, 10, 'Ten quiet minutes sounds perfect.'],
  [2, 15, '艾雷島太有個性了！'],
  [6, 19, '三杯並排好專業。'],
  [3, 20, 'Love the notebook ritual.'],
  [4, 22, 'Cold-brew white tea on a hike, great idea.'],
  [1, 25, '熟普真的很暖胃。'],
  [5, 27, 'Wish I could join this tea gathering!'],
  [2, 27, '下次叫埋我！'],
  [3, 29, 'The honey note is so unique.'],
];

/** Who follows whom (follower, followee). */
const FOLLOWS: [number, number][] = [
  [1, 6], [6, 1], [1, 5], [2, 4], [4, 2], [3, 5], [5, 3], [5, 1], [6, 2], [2, 1], [3, 1], [4, 6],
];

/** Seeds the posts, their members, comments, likes, saves and follows, and the landing's section title. */
export async function seedInspiration(db: Db, now: Date, passwordHash: string) {
  await db.insert(users).values(
    INSPIRATION_MEMBERS.map((m) => ({
      id: m.id,
      email: m.email,
      emailVerified: true,
      passwordHash,
      givenName: m.givenName,
      familyName: m.familyName,
      name: m.name,
      avatar: artworkUrl(m.avatar),
      bio: m.bio,
      preSurveyDone: true,
      createdAt: new Date(now.getTime() - 60 * DAY_MS),
    })),
  );
  const names = await db
    .select({ id: products.id, nameEn: products.nameEn, nameZh: products.nameZh })
    .from(products)
    .where(inArray(products.id, [...new Set(POSTS.flatMap((p) => p.products))]));
  const productById = new Map(names.map((p) => [p.id, p]));
  const counters = new Map<string, { likes: number; comments: number; saves: number }>();
  const rows = POSTS.map((p, i) => {
    const n = POSTS.slice(0, i).filter((q) => q.author === p.author).length + 1;
    const id = inspirationId(p.author, n);
    counters.set(id, { likes: 0, comments: 0, saves: 0 });
    const at = new Date(now.getTime() - (POSTS.length - i) * 17 * HOUR_MS);
    const list = p.products.filter((pid) => productById.has(pid));
    return {
      id,
      userId: memberId(p.author),
      status: 'Published' as const,
      title: p.title,
      description: p.description,
      tags: p.tags,
      tagKeys: p.tags.map((t) => t.toLowerCase()),
      tagsText: p.tags.join(' '),
      media: p.art.map(artworkMedia),
      hasVideo: false,
      productIds: list,
      productsEn: list.map((pid) => productById.get(pid)!.nameEn).join(' '),
      productsZh: list.map((pid) => productById.get(pid)!.nameZh).join(' '),
      copyFrom: null,
      viewCount: p.views,
      shareCount: p.shares,
      createdAt: at,
      updatedAt: at,
    };
  });

  // Likes: each member likes the posts of those they follow, and every third post of the rest (never their own).
  const likes: { inspirationId: string; userId: string; createdAt: Date }[] = [];
  const saves: { inspirationId: string; userId: string; createdAt: Date }[] = [];
  rows.forEach((post, i) => {
    for (let m = 1; m <= INSPIRATION_MEMBERS.length; m++) {
      if (post.userId === memberId(m)) continue;
      const author = POSTS[i]!.author;
      const follows = FOLLOWS.some(([a, b]) => a === m && b === author);
      if (follows || (i + m) % 3 === 0) {
        likes.push({ inspirationId: post.id, userId: memberId(m), createdAt: new Date(post.createdAt.getTime() + m * HOUR_MS) });
        counters.get(post.id)!.likes++;
      }
      if ((i + m) % 5 === 0) {
        saves.push({ inspirationId: post.id, userId: memberId(m), createdAt: new Date(post.createdAt.getTime() + m * HOUR_MS) });
        counters.get(post.id)!.saves++;
      }
    }
  });
  const commentRows = COMMENTS.map(([author, index, text], k) => {
    const post = rows[index]!;
    counters.get(post.id)!.comments++;
    const at = new Date(post.createdAt.getTime() + (k % 5 + 1) * HOUR_MS);
    return { id: `comment-seed-${k + 1}`, sourceId: post.id, type: 'inspiration' as const, userId: memberId(author), body: text, likeCount: 0, createdAt: at, updatedAt: at };
  });
  const commentLikeRows = commentRows.flatMap((c, k) =>
    INSPIRATION_MEMBERS.filter((m, j) => m.id !== c.userId && (k + j) % 4 === 0).map((m) => ({ commentId: c.id, userId: m.id, createdAt: c.createdAt })),
  );
  for (const c of commentRows) c.likeCount = commentLikeRows.filter((l) => l.commentId === c.id).length;

  await db.insert(inspirations).values(
    rows.map((r) => ({ ...r, likeCount: counters.get(r.id)!.likes, commentCount: counters.get(r.id)!.comments, saveCount: counters.get(r.id)!.saves })),
  );
  await db.insert(inspirationLikes).values(likes);
  await db.insert(inspirationSaves).values(saves);
  await db.insert(comments).values(commentRows);
  if (commentLikeRows.length) await db.insert(commentLikes).values(commentLikeRows);
  await db.insert(follows).values(FOLLOWS.map(([a, b], k) => ({ followerId: memberId(a), followeeId: memberId(b), createdAt: new Date(now.getTime() - (30 - k) * DAY_MS) })));
  await db.insert(userSocialCounts).values(
    INSPIRATION_MEMBERS.map((_, j) => ({
      userId: memberId(j + 1),
      followerCount: FOLLOWS.filter(([, b]) => b === j + 1).length,
      followeeCount: FOLLOWS.filter(([a]) => a === j + 1).length,
    })),
  );
  await db.insert(contentBlocks).values({ key: 'inspirationSection', value: inspirationSection }).onConflictDoNothing();
}
