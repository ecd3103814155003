import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * What the admin user search matches (case-insensitive contains): first and last name, e-mail
 * and role in one text, so that 'Jane Smith' finds Jane Smith. Queries must use this very
 * expression for the trigram index below to serve them.
 */
export const USER_SEARCH_TEXT = sql.raw(`(first_name || ' ' || last_name || ' ' || email || ' ' || role)`);

/** better-auth's user, with the portal's fields (docs/product.md#1-roles-and-accounts). Money in pence. */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull().default(''),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    address: text('address').notNull().default(''),
    country: text('country').notNull().default(''),
    city: text('city').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    /** The account's language (docs/decisions/093-languages.md); the API checks it is one of ours. */
    locale: text('locale').notNull().default('en'),
    role: text('role', { enum: ['user', 'engineer', 'admin'] })
      .notNull()
      .default('user'),
    credits: integer('credits').notNull().default(0),
    perCreditPricePence: integer('per_credit_price_pence').notNull().default(6000),
    totalMoneySpentPence: integer('total_money_spent_pence').notNull().default(0),
    totalFilesSubmitted: integer('total_files_submitted').notNull().default(0),
    onBoarded: boolean('on_boarded').notNull().default(false),
    disabled: boolean('disabled').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** The terms the account accepted at sign-up, and when (null: before this was recorded). */
    termsVersion: text('terms_version'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // The admin lists (all, disabled, unverified): newest first, keyset-paged on (created_at, id).
    index('users_list_idx').on(t.createdAt.desc(), t.id.desc()).where(sql`${t.deletedAt} is null`),
    index('users_disabled_list_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null and ${t.disabled}`),
    index('users_unverified_list_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null and not ${t.emailVerified}`),
    // Search by name, e-mail or role: one trigram index serves ILIKE '%q%' on both databases.
    index('users_search_trgm_idx').using('gin', sql`${USER_SEARCH_TEXT} gin_trgm_ops`),
    check('users_role_check', sql`${t.role} in ('user', 'engineer', 'admin')`),
    check('users_credits_non_negative', sql`${t.credits} >= 0`),
    check('users_price_positive', sql`${t.perCreditPricePence} > 0`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    ...timestamps,
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** better-auth's credential store ('account' model): the password hash lives here. */
export const authAccounts = pgTable(
  'auth_accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('auth_accounts_user_id_idx').on(t.userId)],
);

/** One-time secrets: e-mail verification links and password-reset OTPs. */
export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);
