import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const productTypes = pgTable('product_types', {
  id: text('id').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameZh: text('name_zh').notNull(),
  descriptionEn: text('description_en').notNull(),
  descriptionZh: text('description_zh').notNull(),
  isAlcohol: boolean('is_alcohol').notNull().default(false),
  isBoxset: boolean('is_boxset').notNull().default(false),
  sort: integer('sort').notNull().default(0),
});

/** Filterable attribute values, grouped (origin, roast, …). */
export const attributes = pgTable('attributes', {
  id: text('id').primaryKey(),
  group: text('group').notNull(),
  groupNameEn: text('group_name_en').notNull(),
  groupNameZh: text('group_name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  nameZh: text('name_zh').notNull(),
  sort: integer('sort').notNull().default(0),
});

/** PostgreSQL full-text document; written only by the database (a generated column). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * What keyword search matches (server/services/search.ts): English names (weight A) and descriptions (B),
 * stemmed; Traditional Chinese names and descriptions as character grams (cjk_grams, migration 0007), because
 * Chinese has no spaces to split words on. The grams carry no positions (strip): Chinese matches are
 * confirmed and ranked on the texts themselves, and the vector stays small.
 */
const productSearchDocument = sql`setweight(to_tsvector('english'::regconfig, "name_en"), 'A')
  || setweight(to_tsvector('english'::regconfig, "description_en"), 'B')
  || strip(to_tsvector('simple'::regconfig, cjk_grams("name_zh" || ' ' || "description_zh")))`;

export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    typeId: text('type_id')
      .notNull()
      .references(() => productTypes.id),
    nameEn: text('name_en').notNull(),
    nameZh: text('name_zh').notNull(),
    descriptionEn: text('description_en').notNull(),
    descriptionZh: text('description_zh').notNull(),
    /** Artwork seeds: each renders as an SVG served under /media/art/. */
    images: jsonb('images').$type<string[]>().notNull(),
    /** Attribute IDs; a jsonb array so that `?|` can filter with a GIN index. */
    attributeIds: jsonb('attribute_ids').$type<string[]>().notNull().default([]),
    stopSell: boolean('stop_sell').notNull().default(false),
    /** Lowest price among variances on sale, kept by the catalogue service for sorting and ranges. */
    minPriceHkd: integer('min_price_hkd').notNull(),
    minPriceUsd: integer('min_price_usd').notNull(),
    soldCount: integer('sold_count').notNull().default(0),
    searchVector: tsvector('search_vector').notNull().generatedAlwaysAs(productSearchDocument),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('products_attributes_idx').using('gin', t.attributeIds),
    index('products_search_idx').using('gin', t.searchVector),
    // The listing orders, over products on sale only (every listing hides stopped sales); the id breaks ties.
    // Whole catalogue, and per type: prices follow the type closely, so a type's cheapest products are not
    // found by walking the catalogue's price order.
    index('products_on_sale_newest_idx').on(t.createdAt.desc().nullsFirst(), t.id).where(sql`not ${t.stopSell}`),
    index('products_on_sale_sold_idx').on(t.soldCount.desc().nullsFirst(), t.id).where(sql`not ${t.stopSell}`),
    index('products_on_sale_price_hkd_idx').on(t.minPriceHkd, t.id).where(sql`not ${t.stopSell}`),
    index('products_on_sale_price_usd_idx').on(t.minPriceUsd, t.id).where(sql`not ${t.stopSell}`),
    index('products_on_sale_type_newest_idx').on(t.typeId, t.createdAt.desc().nullsFirst(), t.id).where(sql`not ${t.stopSell}`),
    index('products_on_sale_type_sold_idx').on(t.typeId, t.soldCount.desc().nullsFirst(), t.id).where(sql`not ${t.stopSell}`),
    index('products_on_sale_type_price_hkd_idx').on(t.typeId, t.minPriceHkd, t.id).where(sql`not ${t.stopSell}`),
    index('products_on_sale_type_price_usd_idx').on(t.typeId, t.minPriceUsd, t.id).where(sql`not ${t.stopSell}`),
    // Autocomplete: names starting with what was typed.
    index('products_name_en_prefix_idx').on(sql`lower(${t.nameEn}) text_pattern_ops`),
    index('products_name_zh_prefix_idx').on(sql`${t.nameZh} text_pattern_ops`),
  ],
);

export const variances = pgTable(
  'variances',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    nameEn: text('name_en').notNull(),
    nameZh: text('name_zh').notNull(),
    priceHkd: integer('price_hkd').notNull(),
    priceUsd: integer('price_usd').notNull(),
    stock: integer('stock').notNull(),
    stopSell: boolean('stop_sell').notNull().default(false),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('variances_product_idx').on(t.productId),
    check('variances_stock_nonnegative', sql`${t.stock} >= 0`),
    check('variances_prices_nonnegative', sql`${t.priceHkd} >= 0 and ${t.priceUsd} >= 0`),
  ],
);

/** Products on sale per product type, kept by triggers on products (migration 0007): Totals without counting rows. */
export const productOnSaleCounts = pgTable('product_on_sale_counts', {
  typeId: text('type_id')
    .primaryKey()
    .references(() => productTypes.id),
  onSale: integer('on_sale').notNull(),
});

/**
 * Every English stem in product names and descriptions, added by a trigger on products (migration 0007):
 * a typed word that matches none is corrected to the stems it most resembles (trigram similarity).
 */
export const searchVocabulary = pgTable(
  'search_vocabulary',
  { stem: text('stem').primaryKey() },
  (t) => [
    index('search_vocabulary_prefix_idx').on(sql`${t.stem} text_pattern_ops`),
    index('search_vocabulary_trgm_idx').using('gin', sql`${t.stem} gin_trgm_ops`),
  ],
);

export const banners = pgTable('banners', {
  id: text('id').primaryKey(),
  /** 'big' and 'small' promotion banners, or 'product' banners of one product type. */
  kind: text('kind', { enum: ['big', 'small', 'product'] }).notNull(),
  productTypeId: text('product_type_id').references(() => productTypes.id),
  titleEn: text('title_en').notNull(),
  titleZh: text('title_zh').notNull(),
  subtitleEn: text('subtitle_en').notNull(),
  subtitleZh: text('subtitle_zh').notNull(),
  image: text('image').notNull(),
  link: text('link').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const countries = pgTable('countries', {
  id: text('id').primaryKey(),
  alpha2: text('alpha2').notNull().unique(),
  alpha3: text('alpha3').notNull(),
  numeric: text('numeric').notNull(),
  callingCode: text('calling_code').notNull(),
  currency: text('currency').notNull(),
  nameEn: text('name_en').notNull(),
  nameZh: text('name_zh').notNull(),
  inService: boolean('in_service').notNull().default(false),
  sort: integer('sort').notNull().default(0),
});

export const cities = pgTable(
  'cities',
  {
    id: text('id').primaryKey(),
    countryId: text('country_id')
      .notNull()
      .references(() => countries.id),
    nameEn: text('name_en').notNull(),
    nameZh: text('name_zh').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('cities_country_idx').on(t.countryId)],
);

export const information = pgTable('information', {
  id: text('id').primaryKey(),
  titleEn: text('title_en').notNull(),
  titleZh: text('title_zh').notNull(),
  contentEn: text('content_en').notNull(),
  contentZh: text('content_zh').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Content-managed blocks (navigation menu, footer, section titles), one JSON value each. */
export const contentBlocks = pgTable('content_blocks', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    /** Lower-cased; unique. */
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    passwordHash: text('password_hash').notNull(),
    givenName: text('given_name').notNull(),
    familyName: text('family_name').notNull(),
    /** Username / display name: letters, numbers, underscores; unique (ignoring case) when set. */
    name: text('name'),
    nameChangedAt: timestamp('name_changed_at', { withTimezone: true, mode: 'date' }),
    gender: text('gender', { enum: ['male', 'female', 'other'] }),
    title: text('title', { enum: ['Mr.', 'Mrs.', 'Miss', 'Other'] }),
    birthday: text('birthday'),
    phone: text('phone'),
    phoneCountryCode: text('phone_country_code'),
    bio: text('bio').notNull().default(''),
    avatar: text('avatar'),
    billingAddress: jsonb('billing_address'),
    deliveryAddresses: jsonb('delivery_addresses').notNull().default([]),
    mainDeliveryAddressIndex: integer('main_delivery_address_index').notNull().default(0),
    preSurveyDone: boolean('pre_survey_done').notNull().default(false),
    paidMember: boolean('paid_member').notNull().default(false),
    subscribed: boolean('subscribed').notNull().default(false),
    memberGuideFinished: boolean('member_guide_finished').notNull().default(false),
    /** Sign-in answers ResetPasswordRequire until a new password is set. */
    resetRequired: boolean('reset_required').notNull().default(false),
    disabled: boolean('disabled').notNull().default(false),
    language: text('language').notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_name_lower_idx').on(sql`lower(${t.name})`)],
);

/** Refresh tokens, stored hashed; a family is one sign-in, rotated on every use. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: text('family_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Set when exchanged for a new token; presenting it again revokes the family. */
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

/** Sign-in sessions (refresh-token families); revoking one ends its id and access tokens too. */
export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
});

/** One-time codes mailed for sign-up, password reset and e-mail change, stored hashed. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['signup', 'reset', 'email'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    /** The new address, for an e-mail change. */
    target: text('target'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('verification_codes_user_idx').on(t.userId, t.purpose)],
);

/** Mail sent through the outbox (the default mailer): kept for development and tests. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    /** Send order: several mails can share a timestamp. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to, t.seq)],
);

export const surveys = pgTable('surveys', {
  id: text('id').primaryKey(),
  kind: text('kind', { enum: ['pre'] }).notNull(),
  titleEn: text('title_en').notNull(),
  titleZh: text('title_zh').notNull(),
  questions: jsonb('questions').notNull(),
});

export const preSurveyAnswers = pgTable('pre_survey_answers', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  surveyId: text('survey_id')
    .notNull()
    .references(() => surveys.id),
  answers: jsonb('answers').notNull(),
  submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** Files members upload (avatars): reserved by upload-temporary-media, filled by an HTTP PUT. */
export const mediaUploads = pgTable('media_uploads', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Set once the content has arrived and passed the checks (type sniffed from the bytes). */
  contentType: text('content_type'),
  size: integer('size'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }),
});

/** Third-party (OpenID Connect) identities linked to members. */
export const identities = pgTable(
  'identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('identities_user_idx').on(t.userId)],
);

/** An OpenID Connect authorization in progress: state, PKCE verifier and nonce, used once. */
export const oidcStates = pgTable('oidc_states', {
  state: text('state').primaryKey(),
  provider: text('provider').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  /** Set when a signed-in member links a provider (third-party-linkup). */
  userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** A third-party sign-in whose e-mail already has an account: linked once the password is given. */
export const pendingLinks = pgTable('pending_links', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  subject: text('subject').notNull(),
  email: text('email').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * A browser's Web Push subscription (spec §3 notification settings), keyed by its endpoint.
 * user_id set: the member's device is Notifiable; global_topic: shop news and event invitations.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    endpoint: text('endpoint').primaryKey(),
    subscription: jsonb('subscription').notNull().$type<{ endpoint: string; expirationTime?: number | null; keys: { p256dh: string; auth: string } }>(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    globalTopic: boolean('global_topic').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/** Spec §3 wishlist: the products a member saved, one row each. */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

/** Spec §3 shopping bag: one row per variance a member holds; quantity never above stock after a read. */
export const bagItems = pgTable(
  'bag_items',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    varianceId: text('variance_id')
      .notNull()
      .references(() => variances.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.varianceId] }), check('bag_items_quantity_positive', sql`${t.quantity} > 0`)],
);

/** Coupons by code. Percent coupons use rate_bp; fixed ones amount_hkd/amount_usd. */
export const coupons = pgTable(
  'coupons',
  {
    code: text('code').primaryKey(),
    nameEn: text('name_en').notNull(),
    nameZh: text('name_zh').notNull(),
    descriptionEn: text('description_en').notNull(),
    descriptionZh: text('description_zh').notNull(),
    kind: text('kind').$type<'percent' | 'fixed'>().notNull(),
    rateBp: integer('rate_bp'),
    amountHkd: integer('amount_hkd'),
    amountUsd: integer('amount_usd'),
    minSpendHkd: integer('min_spend_hkd').notNull().default(0),
    minSpendUsd: integer('min_spend_usd').notNull().default(0),
    /** Product types it applies to; empty = all. */
    productTypeIds: jsonb('product_type_ids').$type<string[]>().notNull().default([]),
    validFrom: timestamp('valid_from', { withTimezone: true, mode: 'date' }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true, mode: 'date' }).notNull(),
    /** Uses across all members; null = unlimited. */
    maxUses: integer('max_uses'),
    /** Uses per member; null = unlimited. */
    maxUsesPerMember: integer('max_uses_per_member'),
    /** Shown in coupon/list; unlisted codes still apply when typed. */
    listed: boolean('listed').notNull().default(true),
  },
  (t) => [
    check(
      'coupons_kind_value',
      sql`(${t.kind} = 'percent' and ${t.rateBp} between 1 and 10000) or (${t.kind} = 'fixed' and ${t.amountHkd} >= 0 and ${t.amountUsd} >= 0)`,
    ),
  ],
);

/** A coupon used by an order (written at checkout, released when the order is cancelled unpaid). */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    couponCode: text('coupon_code')
      .notNull()
      .references(() => coupons.code),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: text('order_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('coupon_redemptions_code_user_idx').on(t.couponCode, t.userId)],
);

/** Automatic discounts: a percentage off the product types in scope, within a window. */
export const campaigns = pgTable('campaigns', {
  id: text('id').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameZh: text('name_zh').notNull(),
  rateBp: integer('rate_bp').notNull(),
  productTypeIds: jsonb('product_type_ids').$type<string[]>().notNull().default([]),
  validFrom: timestamp('valid_from', { withTimezone: true, mode: 'date' }).notNull(),
  validUntil: timestamp('valid_until', { withTimezone: true, mode: 'date' }).notNull(),
});

/** Shipping fee per delivery country; the row with country_id '*' serves every other country. */
export const shippingRates = pgTable('shipping_rates', {
  countryId: text('country_id').primaryKey(),
  feeHkd: integer('fee_hkd').notNull(),
  feeUsd: integer('fee_usd').notNull(),
  /** Merchandise (after discounts) from which shipping is free; null = never free. */
  freeOverHkd: integer('free_over_hkd'),
  freeOverUsd: integer('free_over_usd'),
});

/** Taxes of a delivery country, one row per component of the breakdown. */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: text('id').primaryKey(),
    countryId: text('country_id')
      .notNull()
      .references(() => countries.id),
    nameEn: text('name_en').notNull(),
    nameZh: text('name_zh').notNull(),
    rateBp: integer('rate_bp').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('tax_rates_country_idx').on(t.countryId)],
);

/** Every submitted search (keyword normalised), the raw material of the hot-keyword lists. */
export const searchLogs = pgTable(
  'search_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    keyword: text('keyword').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    cookieId: text('cookie_id'),
    /** The searcher's network address: cookie ids are the client's to choose, so the hot lists count addresses too. */
    clientIp: text('client_ip'),
    resultCount: integer('result_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('search_logs_created_idx').on(t.createdAt),
    // text_pattern_ops: autocomplete looks keywords up by prefix (LIKE 'x%') whatever the collation.
    index('search_logs_keyword_idx').on(sql`${t.keyword} text_pattern_ops`),
  ],
);

/** Spec §5: a member's recent searches (at most 5 kept, newest first). */
export const recentSearches = pgTable(
  'recent_searches',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    keyword: text('keyword').notNull(),
    searchedAt: timestamp('searched_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.keyword] })],
);

/** The computed top-search ('top') and now-trending ('trending') lists. */
export const hotKeywords = pgTable(
  'hot_keywords',
  {
    kind: text('kind').$type<'top' | 'trending'>().notNull(),
    sort: integer('sort').notNull(),
    keyword: text('keyword').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.sort] })],
);

/**
 * Product orders (spec §3 order kinds, issue 5). Placed from the bag in one transaction that holds
 * stock; an unpaid order past pay_before is expired by the jobs runner (claimed FOR UPDATE SKIP
 * LOCKED), releasing its stock and coupon use.
 */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    /** What a transfer or statement shows; at most 25 characters (the FPS reference label). */
    reference: text('reference').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    currency: text('currency').notNull(),
    paymentMethod: text('payment_method').notNull(),
    paymentStatus: text('payment_status')
      .$type<'WaitForPayment' | 'Paid' | 'PaymentFailed' | 'Cancelled' | 'Expired'>()
      .notNull(),
    fulfilmentStatus: text('fulfilment_status').$type<'None' | 'InProcess' | 'Completed'>().notNull().default('None'),
    couponCode: text('coupon_code'),
    cardId: text('card_id'),
    /** The provider's payment currently paying this order. */
    paymentId: text('payment_id'),
    deliveryAddress: jsonb('delivery_address'),
    billingAddress: jsonb('billing_address'),
    /** The OrderDetail (contract/bag.ts) the order was placed at. */
    orderDetail: jsonb('order_detail').notNull(),
    total: integer('total').notNull(),
    /**
     * The same order priced from the HKD prices, in HKD cents: what an FPS transfer pays (FPS moves Hong Kong
     * dollars), so that paying a USD order by FPS costs what the HKD order would. Null for orders placed before.
     */
    totalHkd: integer('total_hkd'),
    ageConfirmed: boolean('age_confirmed').notNull().default(false),
    payBefore: timestamp('pay_before', { withTimezone: true, mode: 'date' }),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_unpaid_due_idx')
      .on(t.payBefore)
      .where(sql`${t.paymentStatus} in ('WaitForPayment', 'PaymentFailed')`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    varianceId: text('variance_id')
      .notNull()
      .references(() => variances.id),
    productId: text('product_id').notNull(),
    productTypeId: text('product_type_id').notNull(),
    name: jsonb('name').$type<{ en: string; zh: string }>().notNull(),
    varianceName: jsonb('variance_name').$type<{ en: string; zh: string }>().notNull(),
    image: text('image').notNull(),
    price: integer('price').notNull(),
    quantity: integer('quantity').notNull(),
    lineTotal: integer('line_total').notNull(),
    isAlcohol: boolean('is_alcohol').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.varianceId] })],
);

/** Every payment event the shop received, once (a redelivery is recognised by its id). */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  orderId: text('order_id'),
  type: text('type').notNull(),
  /** What the shop did with it: applied, ignored (stale or repeated outcome), refund (paid too late). */
  outcome: text('outcome').notNull(),
  payload: jsonb('payload').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** Money received for an order that could no longer take it (expired or cancelled): to be refunded. */
export const refundRequests = pgTable('refund_requests', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderId: text('order_id').notNull(),
  paymentId: text('payment_id').notNull().unique(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  reason: text('reason').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** The provider's customer record of a member (cards are saved under it). */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    customerId: text('customer_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] })],
);

/** The sandbox provider's own records (it stands in for a real provider's database). */
export const sandboxCustomers = pgTable('sandbox_customers', {
  id: text('id').primaryKey(),
  memberId: text('member_id').notNull(),
  email: text('email').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export const sandboxCards = pgTable(
  'sandbox_cards',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id'),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    /** How the test card behaves (from its number, which is not kept). */
    behaviour: jsonb('behaviour').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sandbox_cards_customer_idx').on(t.customerId)],
);

export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    id: text('id').primaryKey(),
    method: text('method').notNull(),
    orderRef: text('order_ref').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    customerId: text('customer_id'),
    cardId: text('card_id'),
    returnUrl: text('return_url'),
    failureCode: text('failure_code'),
    declineCode: text('decline_code'),
    fps: jsonb('fps'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    // One live payment per order: a new one only once the last failed or was cancelled.
    uniqueIndex('sandbox_payments_live_order_idx')
      .on(t.orderRef)
      .where(sql`${t.status} not in ('failed', 'canceled')`),
  ],
);
