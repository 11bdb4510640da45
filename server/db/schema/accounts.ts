import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
  /** When this session last passed the back office's second factor (issue 32); back-office calls need it recent. */
  secondFactorAt: timestamp('second_factor_at', { withTimezone: true, mode: 'date' }),
});

/** One-time codes mailed for sign-up, password reset and e-mail change, stored hashed. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['signup', 'reset', 'email', 'host'] }).notNull(),
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
