import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createInspiration,
  getAuthor,
  getDiscover,
  getInspirationCollection,
  getInspirationTitle,
  getLikeInspiration,
  getUserInspiration,
  likeInspiration,
  listInspiration,
  listUserInspiration,
  saveInspiration,
  SearchAndFilterInspiration,
  SearchAndFilterUserInspiration,
  shareInspiration,
  updateInspiration,
  uploadTemporaryMedia,
  viewInspiration,
  followUser,
  type Inspiration,
  type TokenSet,
} from '../../contract/index.ts';
import { inspirationLikes, inspirations, users } from '../../server/db/schema.ts';
import { inspirationId, INSPIRATION_MEMBERS } from '../../server/db/seed/inspiration-data.ts';
import { startSession } from '../../server/services/sessions.ts';
import { tinyPng } from '../support/images.ts';
import { signUpMember } from '../support/members.ts';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';

const HOUR_MS = 3_600_000;
let base = SEED_NOW.getTime() + HOUR_MS;
let tick = 0;
let t: TestApp;
let mei: TokenSet;
let kaYan: TokenSet;

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => new Date(base + ++tick) }, idTokenSeconds: 40 * 86_400 });
  mei = await signUpMember(t, { given_name: 'Mei' });
  kaYan = await signUpMember(t, { given_name: 'Ka Yan' });
});
afterAll(() => t.close());

const auth = (tokens: TokenSet) => ({ authorization: `Bearer ${tokens.idToken}` });
const post = (call: string, body: unknown, tokens?: TokenSet) =>
  t.raw(`/api/${call}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...(tokens ? auth(tokens) : {}) } });

async function uploadMedia(tokens: TokenSet, bytes: Buffer, contentType: string) {
  const reservation = await t.call(uploadTemporaryMedia, { Purpose: 'inspiration' }, auth(tokens));
  const r = await t.raw(reservation.uploadUrl, { method: 'PUT', body: bytes.toString('base64'), headers: { 'content-type': contentType, ...auth(tokens) } });
  return { reservation, r };
}

async function newPicture(tokens: TokenSet) {
  const jpeg = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#b07a4a' } }).jpeg().toBuffer();
  const { reservation, r } = await uploadMedia(tokens, jpeg, 'image/jpeg');
  expect(r.status, r.text).toBe(200);
  return reservation.MediaID;
}

/** A member posts at most 5 an hour (postsPerMember; taste-profile-abuse.test.ts tests it): a post here comes 13 minutes after the last, so never more than 5 in an hour. */
const nextPostTime = () => (base += 13 * 60_000);

async function newPost(tokens: TokenSet, over: Record<string, unknown> = {}): Promise<Inspiration> {
  nextPostTime();
  const media = await newPicture(tokens);
  const r = await t.call(
    createInspiration,
    { Title: 'Evening oolong', Description: 'Roasted and sweet', MediaList: [media], ProductList: ['tea-dong-ding'], Tag: ['#Oolong', 'evening'], ...over },
    auth(tokens),
  );
  return r.Inspiration;
}

/** n members made straight in the database, each with a signed-in session (the concurrency tests need many). */
async function manyMembers(n: number): Promise<TokenSet[]> {
  const ids = Array.from({ length: n }, () => randomUUID());
  await t.db.insert(users).values(ids.map((id, i) => ({ id, email: `crowd${i}.${id}@example.com`, passwordHash: 'x', givenName: `Crowd ${i}`, familyName: 'Member', emailVerified: true, createdAt: SEED_NOW })));
  const out: TokenSet[] = [];
  for (const id of ids) out.push(await startSession(t.deps, id));
  return out;
}

describe('posts', () => {
  it('creates a post Published with its media (resized variants), products and tags as typed', async () => {
    const p = await newPost(mei);
    expect(p).toMatchObject({ Status: 'Published', Title: 'Evening oolong', Tag: ['Oolong', 'evening'], IsOwner: true, LikeCount: 0 });
    expect(p.ProductList.map((x) => x.ProductID)).toEqual(['tea-dong-ding']);
    const media = p.MediaList[0]!;
    expect(media).toMatchObject({ Type: 'image', ContentType: 'image/webp', Width: 1600, Height: 1000 });
    expect(media.Variants.map((v) => v.Width)).toEqual([480, 1080]);
    for (const v of media.Variants) {
      const r = await t.app.request(v.Url);
      expect(r.status).toBe(200);
      const meta = await sharp(Buffer.from(await r.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: v.Width });
    }
    expect((await t.app.request(media.Url)).headers.get('content-type')).toBe('image/webp');
    // Anyone reads it; a visitor is no owner.
    const read = await t.call(getUserInspiration, { InspirationID: p.InspirationID });
    expect(read.Inspiration).toMatchObject({ InspirationID: p.InspirationID, IsOwner: false, IsLiked: false });
  });

  it("refuses another member's media and unknown products", async () => {
    const kaYans = await newPicture(kaYan);
    const r = await post('create-inspiration', { Title: 'x', MediaList: [kaYans] }, mei);
    expect(r.json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'MediaList' });
    const media = await newPicture(mei);
    const p = await post('create-inspiration', { Title: 'x', MediaList: [media], ProductList: ['no-such-product'] }, mei);
    expect(p.json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'ProductList' });
    const missing = await post('create-inspiration', { MediaList: [media] }, mei);
    expect(missing.status).toBe(400);
    expect(missing.json?.field).toBe('Title');
  });

  it('takes a short video, typed by its bytes', async () => {
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(200)]);
    const { reservation, r } = await uploadMedia(mei, mp4, 'video/mp4');
    expect(r.status, r.text).toBe(200);
    nextPostTime();
    const p = await t.call(createInspiration, { Title: 'Pouring', MediaList: [reservation.MediaID] }, auth(mei));
    expect(p.Inspiration.MediaList[0]).toMatchObject({ Type: 'video', ContentType: 'video/mp4', Variants: [] });
    // The same bytes declared as WebM are refused.
    expect((await uploadMedia(mei, mp4, 'video/webm')).r.status).toBe(400);
  });

  it('refuses a non-image, an SVG (with a script or not) and a 20 MB file', async () => {
    const text = await uploadMedia(mei, Buffer.from('just some words, not a picture\n'), 'image/jpeg');
    expect(text.r.status).toBe(400);
    expect(text.r.json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'file' });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const asSvg = await uploadMedia(mei, svg, 'image/svg+xml');
    expect(asSvg.r.status).toBe(400);
    expect(asSvg.r.json).toMatchObject({ ErrorCode: 'InvalidParameter' });
    const plainSvg = await uploadMedia(mei, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml');
    expect(plainSvg.r.status).toBe(400);
    const svgAsPng = await uploadMedia(mei, svg, 'image/png');
    expect(svgAsPng.r.status).toBe(400);
    expect(svgAsPng.r.json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'file' });
    const big = Buffer.concat([tinyPng(), Buffer.alloc(20 * 1024 * 1024)]);
    const huge = await uploadMedia(mei, big, 'image/png');
    expect(huge.r.status).toBe(413);
    expect(huge.r.json).toMatchObject({ ErrorCode: 'InvalidParameter' });
    const bigVideo = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(20 * 1024 * 1024)]);
    expect((await uploadMedia(mei, bigVideo, 'video/mp4')).r.status).toBe(413);
    // None of them became a file.
    for (const r of [text, asSvg, svgAsPng, huge]) expect((await t.raw(r.reservation.mediaUrl)).status).toBe(404);
  });

  it("another member cannot update or archive a post that is not theirs", async () => {
    const p = await newPost(mei);
    for (const body of [{ InspirationID: p.InspirationID, Title: 'Mine now' }, { InspirationID: p.InspirationID, Status: 'Private' }]) {
      const r = await post('update-inspiration', body, kaYan);
      expect(r.status).toBe(400);
      expect(r.json?.ErrorCode).toBe('ObjectNotFound');
    }
    expect((await t.call(getUserInspiration, { InspirationID: p.InspirationID })).Inspiration).toMatchObject({ Title: 'Evening oolong', Status: 'Published' });
    // The owner edits.
    const edited = await t.call(updateInspiration, { InspirationID: p.InspirationID, Title: 'Late oolong', Tag: ['roast'] }, auth(mei));
    expect(edited.Inspiration).toMatchObject({ Title: 'Late oolong', Tag: ['roast'], Description: 'Roasted and sweet' });
    // There is no delete call: archive instead.
    expect((await post('delete-inspiration', { InspirationID: p.InspirationID }, kaYan)).status).toBe(404);
  });

  it('a private post is gone from every visitor read and search, and back when unarchived', async () => {
    const p = await newPost(mei, { Title: 'Quiet persimmon ritual', Tag: ['persimmon'] });
    const id = p.InspirationID;
    await t.call(updateInspiration, { InspirationID: id, Status: 'Private' }, auth(mei));
    const ids = (list: Inspiration[]) => list.map((x) => x.InspirationID);
    for (const who of [undefined, kaYan]) {
      const r = await post('get-user-inspiration', { InspirationID: id }, who);
      expect(r.json?.ErrorCode).toBe('ObjectNotFound');
    }
    expect(ids((await t.call(listInspiration, { Size: 50 })).InspirationList)).not.toContain(id);
    expect((await t.call(SearchAndFilterInspiration, { Keyword: 'persimmon' })).Total).toBe(0);
    expect((await t.call(SearchAndFilterUserInspiration, { Keyword: 'persimmon' }, auth(kaYan))).Total).toBe(0);
    expect((await t.call(SearchAndFilterInspiration, { Filter: { Tag: ['persimmon'] } })).Total).toBe(0);
    expect(ids((await t.call(getDiscover, { Size: 50 })).InspirationList)).not.toContain(id);
    expect(ids((await t.call(getAuthor, { UserID: mei.userID, Size: 50 })).InspirationList)).not.toContain(id);
    expect((await post('list-comment', { SourceID: id })).json?.ErrorCode).toBe('ObjectNotFound');
    expect((await post('like-inspiration', { InspirationID: id, IsLike: true }, kaYan)).json?.ErrorCode).toBe('ObjectNotFound');
    expect((await post('view-inspiration', { InspirationID: id, CookieID: 'c-private' })).json?.ErrorCode).toBe('ObjectNotFound');
    expect((await post('create-comment', { SourceID: id, Comment: 'hi', Type: 'inspiration' }, kaYan)).json?.ErrorCode).toBe('ObjectNotFound');
    // Its owner still has it.
    expect((await t.call(getUserInspiration, { InspirationID: id }, auth(mei))).Inspiration.Status).toBe('Private');
    expect(ids((await t.call(listUserInspiration, { Status: 'Private' }, auth(mei))).InspirationList)).toEqual([id]);
    await t.call(updateInspiration, { InspirationID: id, Status: 'Published' }, auth(mei));
    expect(ids((await t.call(SearchAndFilterInspiration, { Keyword: 'persimmon' })).InspirationList)).toEqual([id]);
  });

  it('starts a post from another (CopyFrom), reusing its pictures', async () => {
    const source = await newPost(kaYan, { Title: 'Original' });
    nextPostTime();
    const copy = await t.call(createInspiration, { Title: 'My take', MediaList: [source.MediaList[0]!.MediaID], CopyFrom: source.InspirationID }, auth(mei));
    expect(copy.Inspiration.CopyFrom).toMatchObject({ InspirationID: source.InspirationID, Title: 'Original', Author: { UserID: kaYan.userID } });
    expect(copy.Inspiration.MediaList[0]!.Url).toBe(source.MediaList[0]!.Url);
  });
});

describe('likes, saves, views and shares', () => {
  it('50 concurrent likes and unlikes from distinct members leave the exact count', async () => {
    const p = await newPost(mei);
    const crowd = await manyMembers(50);
    const [likers, unlikers] = [crowd.slice(0, 25), crowd.slice(25)];
    for (const m of unlikers) await t.call(likeInspiration, { InspirationID: p.InspirationID, IsLike: true }, auth(m));
    const answers = await Promise.all([
      ...likers.map((m) => post('like-inspiration', { InspirationID: p.InspirationID, IsLike: true }, m)),
      ...unlikers.map((m) => post('like-inspiration', { InspirationID: p.InspirationID, IsLike: false }, m)),
    ]);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const [row] = await t.db.select({ n: inspirations.likeCount }).from(inspirations).where(eq(inspirations.id, p.InspirationID));
    const [rows] = await t.db.select({ n: count() }).from(inspirationLikes).where(eq(inspirationLikes.inspirationId, p.InspirationID));
    expect(row!.n).toBe(25);
    expect(rows!.n).toBe(25);
    // And again, all at once: the same members like and unlike the other way round, twice each (one of each pair refused).
    const again = await Promise.all(
      crowd.flatMap((m, i) => [0, 1].map(() => post('like-inspiration', { InspirationID: p.InspirationID, IsLike: i >= 25 }, m))),
    );
    expect(again.filter((a) => a.status === 200)).toHaveLength(50);
    expect(again.filter((a) => a.json?.ErrorCode === 'NoNeedToUpdateLike')).toHaveLength(50);
    expect((await t.call(getUserInspiration, { InspirationID: p.InspirationID })).Inspiration.LikeCount).toBe(25);
    const liked = await t.db.select().from(inspirationLikes).where(and(eq(inspirationLikes.inspirationId, p.InspirationID)));
    expect(new Set(liked.map((l) => l.userId))).toEqual(new Set(unlikers.map((m) => m.userID)));
  });

  it('liking twice answers NoNeedToUpdateLike; the liked list and IsLiked follow', async () => {
    const p = await newPost(mei);
    expect(await t.call(likeInspiration, { InspirationID: p.InspirationID, IsLike: true }, auth(kaYan))).toEqual({ InspirationID: p.InspirationID, IsLike: true, LikeCount: 1 });
    const twice = await post('like-inspiration', { InspirationID: p.InspirationID, IsLike: true }, kaYan);
    expect(twice.status).toBe(400);
    expect(twice.json?.ErrorCode).toBe('NoNeedToUpdateLike');
    expect((await t.call(getUserInspiration, { InspirationID: p.InspirationID }, auth(kaYan))).Inspiration).toMatchObject({ IsLiked: true, LikeCount: 1 });
    expect((await t.call(getLikeInspiration, {}, auth(kaYan))).InspirationList[0]!.InspirationID).toBe(p.InspirationID);
    await t.call(likeInspiration, { InspirationID: p.InspirationID, IsLike: false }, auth(kaYan));
    expect((await post('like-inspiration', { InspirationID: p.InspirationID, IsLike: false }, kaYan)).json?.ErrorCode).toBe('NoNeedToUpdateLike');
  });

  it('saves into the collection, idempotently', async () => {
    const p = await newPost(mei);
    expect((await t.call(saveInspiration, { InspirationID: p.InspirationID, IsSave: true }, auth(kaYan))).SaveCount).toBe(1);
    expect((await t.call(saveInspiration, { InspirationID: p.InspirationID, IsSave: true }, auth(kaYan))).SaveCount).toBe(1);
    const { collection } = await t.call(getInspirationCollection, {}, auth(kaYan));
    expect(collection[0]).toMatchObject({ InspirationID: p.InspirationID, IsSaved: true });
    expect((await t.call(saveInspiration, { InspirationID: p.InspirationID, IsSave: false }, auth(kaYan))).SaveCount).toBe(0);
    expect((await t.call(getInspirationCollection, {}, auth(kaYan))).collection.map((x) => x.InspirationID)).not.toContain(p.InspirationID);
  });

  it('counts a view once per viewer (the member, else the network) per Hong Kong day, whatever CookieID comes with it', async () => {
    const p = await newPost(mei);
    const id = p.InspirationID;
    const from = (address: string) => ({ 'x-forwarded-for': address });
    expect(await t.call(viewInspiration, { InspirationID: id, CookieID: 'cookie-a' }, from('203.0.113.1'))).toMatchObject({ ViewCount: 1, Counted: true });
    expect(await t.call(viewInspiration, { InspirationID: id, CookieID: 'cookie-b' }, from('203.0.113.1'))).toMatchObject({ ViewCount: 1, Counted: false });
    expect(await t.call(viewInspiration, { InspirationID: id, CookieID: 'cookie-b' }, from('203.0.113.2'))).toMatchObject({ ViewCount: 2, Counted: true });
    expect(await t.call(viewInspiration, { InspirationID: id }, { ...auth(kaYan), ...from('203.0.113.1') })).toMatchObject({ ViewCount: 3, Counted: true });
    expect(await t.call(viewInspiration, { InspirationID: id, CookieID: 'cookie-z' }, { ...auth(kaYan), ...from('203.0.113.3') })).toMatchObject({ ViewCount: 3, Counted: false });
    // Neither a member nor an address: not counted.
    expect(await t.call(viewInspiration, { InspirationID: id, CookieID: 'cookie-y' })).toMatchObject({ ViewCount: 3, Counted: false });
    // Concurrent views from one network count once.
    const same = await Promise.all(Array.from({ length: 8 }, (_, i) => t.call(viewInspiration, { InspirationID: id, CookieID: `cookie-c${i}` }, from('203.0.113.4'))));
    expect(same.filter((r) => r.Counted)).toHaveLength(1);
    // The next day in Hong Kong counts again.
    base += 24 * HOUR_MS;
    expect(await t.call(viewInspiration, { InspirationID: id, CookieID: 'cookie-a' }, from('203.0.113.1'))).toMatchObject({ ViewCount: 5, Counted: true });
    const shared = await t.call(shareInspiration, { InspirationID: id, CookieID: 'cookie-a' }, from('203.0.113.1'));
    expect(shared).toMatchObject({ ShareCount: 1, Counted: true, ShareUrl: `http://shop.test/inspiration/${id}` });
    expect((await t.call(shareInspiration, { InspirationID: id, CookieID: 'cookie-b' }, from('203.0.113.1'))).ShareCount).toBe(1);
  });
});

describe('search and discover', () => {
  it("finds a post by a product's Chinese name and by a tag", async () => {
    const byName = await t.call(SearchAndFilterInspiration, { Keyword: '鐵觀音' });
    // An English post showing Anxi Tieguanyin (安溪鐵觀音) and a Chinese one that names it.
    expect(byName.InspirationList.map((p) => p.InspirationID)).toEqual(expect.arrayContaining([inspirationId(1, 1), inspirationId(6, 3)]));
    for (const p of byName.InspirationList) {
      expect(p.ProductList.some((x) => x.Name.zh.includes('鐵觀音')) || `${p.Title}${p.Description}`.includes('鐵觀音')).toBe(true);
    }
    const mine = await newPost(mei, { Title: 'Pine smoke', ProductList: ['tea-keemun'], Tag: ['smokyevening'] });
    const byKeemun = await t.call(SearchAndFilterInspiration, { Keyword: '祁門' });
    expect(byKeemun.InspirationList.map((p) => p.InspirationID)).toContain(mine.InspirationID);
    const byTag = await t.call(SearchAndFilterInspiration, { Filter: { Tag: ['#SmokyEvening'] } });
    expect(byTag.InspirationList.map((p) => p.InspirationID)).toEqual([mine.InspirationID]);
    const byTagWord = await t.call(SearchAndFilterInspiration, { Keyword: 'smokyevening' });
    expect(byTagWord.InspirationList.map((p) => p.InspirationID)).toEqual([mine.InspirationID]);
    const gongfu = await t.call(SearchAndFilterInspiration, { Filter: { Tag: ['gongfu'] } });
    expect(gongfu.Total).toBe(2);
    // English keyword over titles, stemmed.
    expect((await t.call(SearchAndFilterInspiration, { Keyword: 'steeps' })).InspirationList.map((p) => p.InspirationID)).toContain(inspirationId(1, 1));
    expect((await t.call(SearchAndFilterInspiration, { Keyword: 'zzzqqq' })).Total).toBe(0);
  });

  it('defaults to offset 0 and size 10000, and filters by author, product and media type', async () => {
    const all = await t.call(SearchAndFilterInspiration, {});
    const [published] = await t.db.select({ n: count() }).from(inspirations).where(eq(inspirations.status, 'Published'));
    expect(all.Total).toBe(published!.n);
    expect(all.InspirationList).toHaveLength(published!.n);
    const author = INSPIRATION_MEMBERS[2].id;
    expect((await t.call(SearchAndFilterInspiration, { Filter: { UserID: author } })).Total).toBe(5);
    const withGaiwan = await t.call(SearchAndFilterInspiration, { Filter: { ProductID: 'equipment-gaiwan' } });
    expect(withGaiwan.InspirationList.every((p) => p.ProductList.some((x) => x.ProductID === 'equipment-gaiwan'))).toBe(true);
    expect(withGaiwan.Total).toBeGreaterThan(0);
    const videos = await t.call(SearchAndFilterInspiration, { Filter: { MediaType: 'video' } });
    expect(videos.InspirationList.every((p) => p.MediaList.some((m) => m.Type === 'video'))).toBe(true);
    const popular = await t.call(SearchAndFilterInspiration, { Sort: 'mostLiked', Size: 5 });
    const likes = popular.InspirationList.map((p) => p.LikeCount);
    expect(likes).toEqual([...likes].sort((a, b) => b - a));
  });

  it("mixes followed authors' posts into a member's discover feed, never their own, paged", async () => {
    const fan = await signUpMember(t, { given_name: 'Fan' });
    const followee = INSPIRATION_MEMBERS[3].id;
    await t.call(followUser, { FolloweeID: followee }, auth(fan));
    await newPost(fan, { Title: 'My own' });
    const first = await t.call(getDiscover, { Size: 8 }, auth(fan));
    expect(first.HasMore).toBe(true);
    expect(first.InspirationList.filter((p) => p.Reason === 'following').every((p) => p.Author.UserID === followee)).toBe(true);
    expect(first.InspirationList.filter((p) => p.Reason === 'following').length).toBeGreaterThanOrEqual(4);
    const seen = new Set<string>();
    for (let from = 0; ; from += 8) {
      const page = await t.call(getDiscover, { From: from, Size: 8 }, auth(fan));
      for (const p of page.InspirationList) {
        expect(seen.has(p.InspirationID)).toBe(false);
        expect(p.Author.UserID).not.toBe(fan.userID);
        seen.add(p.InspirationID);
      }
      if (!page.HasMore) break;
    }
    const visitor = await t.call(getDiscover, {});
    expect(visitor.InspirationList.every((p) => p.Reason === 'popular')).toBe(true);
  });

  it("answers the landing's inspiration section title in both languages", async () => {
    expect(await t.call(getInspirationTitle, {})).toMatchObject({ Title: { en: 'Inspiration', zh: '靈感' } });
  });
});
