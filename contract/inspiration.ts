import * as v from 'valibot';
import { Bilingual, Id, defineCall } from './define.ts';
import { Keyword } from './catalogue.ts';

/**
 * Inspiration posts (issue 19; spec §1, §3 Inspiration, §4, §6, §7 Inspiration, §9): a member's photos or
 * short videos, the products in them, a title, a description and tags. Created Published; archiving (Status
 * Private through update-inspiration) takes a post out of every visitor read and search, unarchiving
 * (Published) brings it back. Only its owner may change it; to anyone else another member's post, or a
 * private one, reads as ObjectNotFound. There is no delete: archive instead.
 *
 * Media: reserve an upload with upload-temporary-media {Purpose: 'inspiration'} (contract/media.ts), PUT the
 * file's base64 (no data-URL prefix) to its uploadUrl with its content type (image/jpeg, image/png,
 * image/webp, video/mp4 or video/webm; type checked by the bytes; pictures at most
 * INSPIRATION_IMAGE_MAX_BYTES, videos INSPIRATION_VIDEO_MAX_BYTES; SVG never), then name its MediaID in
 * MediaList. Pictures come back with resized variants (Variants, narrowest first) for srcset.
 *
 * Counters (LikeCount, CommentCount, ShareCount, ViewCount, SaveCount) are kept on the post and exact.
 * IsLiked / IsSaved / IsOwner are answered on every read made with a bearer id token (public calls read it
 * when present) and are false for visitors.
 */

export const MAX_INSPIRATION_MEDIA = 9;
export const MAX_INSPIRATION_PRODUCTS = 10;
export const MAX_INSPIRATION_TAGS = 10;
export const INSPIRATION_TITLE_MAX = 100;
export const INSPIRATION_DESCRIPTION_MAX = 2000;
export const INSPIRATION_TAG_MAX = 30;
/** Spec §9: inspiration search pages default to offset 0 and size 10000. */
export const INSPIRATION_SEARCH_SIZE = 10_000;

export const InspirationStatus = v.picklist(['Published', 'Private']);
export type InspirationStatus = v.InferOutput<typeof InspirationStatus>;

export const MediaType = v.picklist(['image', 'video']);
export type MediaType = v.InferOutput<typeof MediaType>;

/** A picture or short video of a post. */
export const InspirationMedia = v.object({
  /** The upload's MediaID (or, for seeded posts, the artwork's seed). */
  MediaID: v.string(),
  Type: MediaType,
  ContentType: v.string(),
  /** The file as uploaded (a picture's largest variant when the original was not kept). */
  Url: v.string(),
  /** Resized pictures, narrowest first (e.g. 480 and 1080 px wide); empty for videos and vector artwork. */
  Variants: v.array(v.object({ Width: v.number(), Url: v.string(), ContentType: v.string() })),
  Width: v.optional(v.number()),
  Height: v.optional(v.number()),
});
export type InspirationMedia = v.InferOutput<typeof InspirationMedia>;

/** A product shown in a post (prices are on the product's page). */
export const InspirationProduct = v.object({
  ProductID: v.string(),
  ProductTypeID: v.string(),
  Name: Bilingual,
  Image: v.string(),
});
export type InspirationProduct = v.InferOutput<typeof InspirationProduct>;

/** Who wrote a post or a comment. Name is the display name (username), or the given name when none is set. */
export const AuthorSummary = v.object({ UserID: v.string(), Name: v.string(), Avatar: v.optional(v.string()) });
export type AuthorSummary = v.InferOutput<typeof AuthorSummary>;

/** Why a post is in the discover feed (get-discover). */
export const DiscoverReason = v.picklist(['following', 'tag', 'popular']);
export type DiscoverReason = v.InferOutput<typeof DiscoverReason>;

export const Inspiration = v.object({
  InspirationID: v.string(),
  Status: InspirationStatus,
  Author: AuthorSummary,
  Title: v.string(),
  /** Plain text as typed (never HTML: render it as text). */
  Description: v.string(),
  Tag: v.array(v.string()),
  MediaList: v.array(InspirationMedia),
  ProductList: v.array(InspirationProduct),
  /** The post this one was started from (create-inspiration's CopyFrom), when it is still published. */
  CopyFrom: v.optional(v.object({ InspirationID: v.string(), Title: v.string(), Author: AuthorSummary })),
  LikeCount: v.number(),
  CommentCount: v.number(),
  ShareCount: v.number(),
  ViewCount: v.number(),
  SaveCount: v.number(),
  IsLiked: v.boolean(),
  IsSaved: v.boolean(),
  IsOwner: v.boolean(),
  /** get-discover only. */
  Reason: v.optional(DiscoverReason),
  CreatedAt: v.string(),
  UpdatedAt: v.string(),
});
export type Inspiration = v.InferOutput<typeof Inspiration>;

const InspirationRef = v.object({ InspirationID: Id });
const Page = {
  From: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100_000)), 0),
  Size: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(50)), 20),
};
const InspirationPage = v.object({ InspirationList: v.array(Inspiration), Total: v.number() });
const DateText = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as yyyy-MM-dd'));
const CookieID = v.optional(v.pipe(v.string(), v.maxLength(64)));

const Title = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'a title'),
  v.maxLength(INSPIRATION_TITLE_MAX, `at most ${INSPIRATION_TITLE_MAX} characters`),
);
const Description = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(INSPIRATION_DESCRIPTION_MAX, `at most ${INSPIRATION_DESCRIPTION_MAX} characters`),
);
/** Tags as typed (a leading # is dropped by the server); compared ignoring case. */
export const TagText = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'a tag needs words'),
  v.maxLength(INSPIRATION_TAG_MAX, `at most ${INSPIRATION_TAG_MAX} characters`),
);
const Tags = v.pipe(v.array(TagText), v.maxLength(MAX_INSPIRATION_TAGS, `at most ${MAX_INSPIRATION_TAGS} tags`));
/** MediaIDs: the member's own finished uploads, or media of the CopyFrom post. */
const MediaIDs = v.pipe(
  v.array(Id),
  v.minLength(1, 'at least one picture or video'),
  v.maxLength(MAX_INSPIRATION_MEDIA, `at most ${MAX_INSPIRATION_MEDIA} pictures or videos`),
);
const ProductIDs = v.pipe(v.array(Id), v.maxLength(MAX_INSPIRATION_PRODUCTS, `at most ${MAX_INSPIRATION_PRODUCTS} products`));

/** Spec §7: the newest published posts of everyone. */
export const listInspiration = defineCall({
  name: 'list-inspiration',
  method: 'POST',
  auth: 'public',
  body: v.optional(v.object(Page), {}),
  response: InspirationPage,
});

/** Spec §7: the member's own posts, any status (Status narrows), newest first. */
export const listUserInspiration = defineCall({
  name: 'list-user-inspiration',
  method: 'POST',
  auth: 'member',
  body: v.optional(v.object({ Status: v.optional(InspirationStatus), ...Page }), {}),
  response: InspirationPage,
});

/**
 * Spec §7: one post (the inspiration/{inspirationId} page). Published: anyone; private: its owner only
 * (anyone else: ObjectNotFound).
 */
export const getUserInspiration = defineCall({
  name: 'get-user-inspiration',
  method: 'POST',
  auth: 'public',
  body: InspirationRef,
  response: v.object({ Inspiration }),
});

/** Spec §7: a new post, Published unless Status says Private. CopyFrom: the published post it starts from. */
export const createInspiration = defineCall({
  name: 'create-inspiration',
  method: 'POST',
  auth: 'member',
  body: v.object({
    Status: v.optional(InspirationStatus, 'Published'),
    ProductList: v.optional(ProductIDs, []),
    Title,
    MediaList: MediaIDs,
    Tag: v.optional(Tags, []),
    Description: v.optional(Description, ''),
    CopyFrom: v.optional(Id),
  }),
  response: v.object({ Inspiration }),
});

/**
 * Spec §7: the owner edits {InspirationID, Title, Description, Tag} (ours: also MediaList, ProductList) or
 * archives / unarchives {InspirationID, Status}. What is absent stays as it is. Another member's post:
 * ObjectNotFound.
 */
export const updateInspiration = defineCall({
  name: 'update-inspiration',
  method: 'POST',
  auth: 'member',
  body: v.object({
    InspirationID: Id,
    Status: v.optional(InspirationStatus),
    Title: v.optional(Title),
    Description: v.optional(Description),
    Tag: v.optional(Tags),
    MediaList: v.optional(MediaIDs),
    ProductList: v.optional(ProductIDs),
  }),
  response: v.object({ Inspiration }),
});

/**
 * Spec §7/§8: like (IsLike true) or unlike a published post. Asking for the state it already has answers
 * 400 NoNeedToUpdateLike.
 */
export const likeInspiration = defineCall({
  name: 'like-inspiration',
  method: 'POST',
  auth: 'member',
  body: v.object({ InspirationID: Id, IsLike: v.boolean() }),
  response: v.object({ InspirationID: v.string(), IsLike: v.boolean(), LikeCount: v.number() }),
});

/** Spec §7: the published posts the member liked, most recently liked first. */
export const getLikeInspiration = defineCall({
  name: 'get-like-inspiration',
  method: 'POST',
  auth: 'member',
  body: v.optional(v.object(Page), {}),
  response: InspirationPage,
});

/**
 * Spec §7: a share of a published post (the SPA shares its address through the Web Share API or copies it).
 * Counted once per sharer per Hong Kong day: the member, else the client's network (CookieID is accepted as the
 * spec names it, but a visitor can make new ones at will, so it does not count); Counted says whether this one was.
 */
export const shareInspiration = defineCall({
  name: 'share-inspiration',
  method: 'POST',
  auth: 'public',
  body: v.object({ InspirationID: Id, CookieID, Channel: v.optional(v.picklist(['link', 'native', 'whatsapp', 'facebook', 'other'])) }),
  response: v.object({ InspirationID: v.string(), ShareCount: v.number(), Counted: v.boolean(), ShareUrl: v.string() }),
});

/**
 * Spec §7: a view of a published post, counted once per viewer per Hong Kong day: the member (bearer token),
 * else the client's network (not CookieID, which a visitor can make new at will); without either it is not counted.
 */
export const viewInspiration = defineCall({
  name: 'view-inspiration',
  method: 'POST',
  auth: 'public',
  body: v.object({ InspirationID: Id, CookieID }),
  response: v.object({ InspirationID: v.string(), ViewCount: v.number(), Counted: v.boolean() }),
});

/** Spec §7: the member's saved posts (still published), most recently saved first. */
export const getInspirationCollection = defineCall({
  name: 'get-inspiration-collection',
  method: 'POST',
  auth: 'member',
  body: v.optional(v.object(Page), {}),
  response: v.object({ collection: v.array(Inspiration), Total: v.number() }),
});

/** Ours (spec §3 "inspiration collection (saved)" has no call to save): save or unsave a published post; idempotent. */
export const saveInspiration = defineCall({
  name: 'save-inspiration',
  method: 'POST',
  auth: 'member',
  body: v.object({ InspirationID: Id, IsSave: v.boolean() }),
  response: v.object({ InspirationID: v.string(), IsSave: v.boolean(), SaveCount: v.number() }),
});

export const InspirationSort = v.picklist(['newest', 'popular', 'mostLiked', 'relevance']);
export type InspirationSort = v.InferOutput<typeof InspirationSort>;

const searchBody = v.object({
  /** Either language, over titles, descriptions, tags and the names of the posts' products. */
  Keyword: v.optional(Keyword),
  Filter: v.optional(
    v.object({
      /** Posts with any of these tags (ignoring case and a leading #). */
      Tag: v.optional(v.pipe(v.array(TagText), v.maxLength(20))),
      /** Posts showing this product. */
      ProductID: v.optional(Id),
      /** Posts showing a product of any of these types. */
      ProductType: v.optional(v.pipe(v.array(Id), v.maxLength(20))),
      /** One author's posts. */
      UserID: v.optional(Id),
      /** Posts with at least one video ('video') or only pictures ('image'). */
      MediaType: v.optional(MediaType),
    }),
  ),
  Range: v.optional(
    v.object({
      /** Published between these yyyy-MM-dd dates (Hong Kong), both inclusive. */
      Date: v.optional(
        v.object({
          From: v.optional(DateText),
          To: v.optional(DateText),
        }),
      ),
    }),
  ),
  /** relevance (the default with a Keyword), newest (the default without), popular (views, likes, comments, shares), mostLiked. */
  Sort: v.optional(InspirationSort),
  From: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100_000)), 0),
  Size: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(INSPIRATION_SEARCH_SIZE)), INSPIRATION_SEARCH_SIZE),
  CookieID,
});

/** Spec §7: published posts by keyword and filters, for visitors. */
export const SearchAndFilterInspiration = defineCall({
  name: 'SearchAndFilterInspiration',
  method: 'POST',
  auth: 'public',
  body: searchBody,
  response: InspirationPage,
});

/** Spec §7: the same for members (IsLiked / IsSaved filled in). */
export const SearchAndFilterUserInspiration = defineCall({
  name: 'SearchAndFilterUserInspiration',
  method: 'POST',
  auth: 'member',
  body: searchBody,
  response: InspirationPage,
});

/**
 * Spec §7: the discover feed. A member's mixes posts of authors they follow, posts with tags of posts they
 * liked, and popular posts (each once, Reason says which); a visitor's is the popular posts. Never the
 * member's own. HasMore: another page exists.
 */
export const getDiscover = defineCall({
  name: 'get-discover',
  method: 'POST',
  auth: 'public',
  body: v.optional(v.object(Page), {}),
  response: v.object({ InspirationList: v.array(Inspiration), HasMore: v.boolean() }),
});
