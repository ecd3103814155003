import {
  type AdminUserDetailDto,
  formatCredits,
  formatDateTime,
  formatGBP,
  type Role,
  type UserDto,
} from '@ecu/shared';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { LanguageName, useFormatLocale } from '../../i18n';
import { messageOf } from '../../local/api-client';
import { useOnline } from '../../local/use-online';
import { adminApi } from '../api';
import { UserDeliveries } from '../deliveries/user-deliveries';
import { AfterRestore, LoadErrorNotice, OfflineNotice } from '../list-parts';
import { PriceEditor } from '../price-editor';
import { adminKeys } from '../queries';
import { countryIn } from './history-wording';
import { AccountActions, RoleSelect, SELF_TEXT, UserAvatar, UserBadges, useMyId } from './user-actions';
import { UserCreditsCard } from './user-credits-card';
import { AuditCard, PaymentsCard, TicketsCard } from './user-history';
import { displayName, fullName } from './user-names';

const LOAD_ERROR = msg`Failed to load the user`;

/** The role as the profile names it (shared's ROLE_LABELS, in the reader's language). */
const ROLE_NAMES: Record<Role, MessageDescriptor> = {
  user: msg`Customer`,
  engineer: msg`Engineer`,
  admin: msg`Admin`,
};

/** /users/:userId: one user's file for an admin (profile, credits, payments, tickets, audit). */
export default function UserPage() {
  const { userId } = useParams();
  if (!userId) return <Navigate to="/users" replace />;
  return (
    <AfterRestore>
      <UserFile key={userId} userId={userId} />
    </AfterRestore>
  );
}

function UserFile({ userId }: { userId: string }) {
  const online = useOnline();
  const client = useQueryClient();
  const navigate = useNavigate();
  const myId = useMyId();
  const { i18n } = useLingui();
  const locale = useFormatLocale();
  const query = useQuery({
    queryKey: adminKeys.user(userId),
    queryFn: async ({ signal }) => (await adminApi.userDetail(userId, signal)).data,
    // Every visit asks the server again; the copy shows meanwhile.
    staleTime: 0,
  });
  const error = query.error ? messageOf(query.error, i18n._(LOAD_ERROR)) : null;

  useEffect(() => {
    if (error) toast.error(error, { toastId: `admin-user-${userId}` });
  }, [error, userId]);

  // A deleted account's copies go when its page closes (see dropCachedUser).
  const deleted = useRef(false);
  useEffect(
    () => () => {
      if (deleted.current) client.removeQueries({ queryKey: adminKeys.user(userId) });
    },
    [client, userId],
  );

  const detail = query.data;
  if (!detail) {
    return (
      <Shell>
        <section className="card admin-state">
          {!online ? (
            <p className="muted">
              <Trans>You are offline, and this user has not been loaded on this device yet.</Trans>
            </p>
          ) : error ? (
            <>
              <p className="status-failed">{error}</p>
              <div className="form-actions">
                <button type="button" className="btn btn-secondary" onClick={() => void query.refetch()}>
                  <Trans>Try again</Trans>
                </button>
              </div>
            </>
          ) : (
            <p className="muted" aria-busy="true">
              <Trans>Fetching User...</Trans>
            </p>
          )}
        </section>
      </Shell>
    );
  }

  const { user, deletedAt } = detail;
  const deletedOn = deletedAt ? formatDateTime(deletedAt, undefined, locale) : '';
  const self = user._id === myId;
  const stale = !online;

  return (
    <Shell>
      <div className="page-header admin-user-header">
        <UserAvatar user={user} />
        <div>
          <div className="title-row">
            <h1>{displayName(user)}</h1>
            {deletedAt ? (
              <span className="badge badge-offline">
                <Trans>Deleted</Trans>
              </span>
            ) : (
              <UserBadges user={user} self={self} />
            )}
            {stale && (
              <span className="badge badge-offline">
                <Trans>Offline copy</Trans>
              </span>
            )}
          </div>
          <p>{deletedAt ? user.email : <a href={`mailto:${user.email}`}>{user.email}</a>}</p>
        </div>
      </div>

      {stale && <OfflineNotice loadedAt={query.dataUpdatedAt || null} />}
      {deletedAt && (
        <div className="notice notice-info" role="status">
          <Trans>
            This account was deleted on {deletedOn}: its names, address and e-mail address were removed. Its
            payments and credit ledger are kept for accounting; nothing here can be changed.
          </Trans>
        </div>
      )}
      {online && error && <LoadErrorNotice message={error} onRetry={() => void query.refetch()} />}
      <UserDeliveries jobs={detail.failedDeliveries ?? []} />

      <div className={deletedAt ? 'admin-user-grid is-single' : 'admin-user-grid'}>
        <ProfileCard user={user} />
        {!deletedAt && (
          <AccountCard
            detail={detail}
            self={self}
            onDeleted={() => {
              deleted.current = true;
              navigate('/users', { replace: true });
            }}
          />
        )}
      </div>
      <UserCreditsCard detail={detail} readOnly={Boolean(deletedAt)} />
      <PaymentsCard detail={detail} />
      <TicketsCard detail={detail} />
      <AuditCard detail={detail} />
    </Shell>
  );
}

function Shell({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  return (
    <div className="stack admin-page admin-user-page">
      <nav aria-label={t`Breadcrumb`} className="admin-back">
        <Link to="/users">
          <span aria-hidden="true" className="dir-icon">
            ←
          </span>{' '}
          <Trans>Users</Trans>
        </Link>
      </nav>
      {children}
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="admin-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const orNone = (text: string | null | undefined) =>
  text?.trim() || (
    <span className="muted">
      <Trans>Not given</Trans>
    </span>
  );

function ProfileCard({ user }: { user: UserDto }) {
  const { t, i18n } = useLingui();
  const locale = useFormatLocale();
  return (
    <section className="card admin-profile" aria-labelledby="user-profile-title">
      <h2 id="user-profile-title">
        <Trans>Profile</Trans>
      </h2>
      <dl className="admin-facts">
        <Fact label={t`Name`}>{orNone(fullName(user))}</Fact>
        <Fact label={t`E-mail`}>{user.email}</Fact>
        <Fact label={t`Role`}>{i18n._(ROLE_NAMES[user.role])}</Fact>
        <Fact label={t`Language`}>
          <LanguageName locale={user.locale} />
        </Fact>
        <Fact label={t`Country`}>{orNone(user.country ? countryIn(user.country, i18n.locale) : '')}</Fact>
        <Fact label={t`City`}>{orNone(user.city)}</Fact>
        <Fact label={t`Address`}>{orNone(user.address)}</Fact>
        <Fact label={t`Postal code`}>{orNone(user.postalCode)}</Fact>
        <Fact label={t`Joined`}>{formatDateTime(user.createdAt, undefined, locale)}</Fact>
        <Fact label={t`E-mail verified`}>
          {user.verified ? (
            <span className="badge admin-badge-completed">
              <Trans>Verified</Trans>
            </span>
          ) : (
            <span className="badge badge-pending">
              <Trans>Unverified</Trans>
            </span>
          )}
        </Fact>
        <Fact label={t`Account`}>
          {user.disabled ? (
            <span className="badge badge-failed">
              <Trans>Disabled</Trans>
            </span>
          ) : (
            <span className="badge admin-badge-completed">
              <Trans>Active</Trans>
            </span>
          )}
        </Fact>
        <Fact label={t`Credits`}>{formatCredits(user.credits, locale)}</Fact>
        <Fact label={t`Credit price`}>{formatGBP(user.perCreditPrice, locale)}</Fact>
        <Fact label={t`Money spent`}>{formatGBP(user.totalMoneySpent, locale)}</Fact>
        <Fact label={t`Files`}>{user.totalFilesSubmitted ?? 0}</Fact>
      </dl>
    </section>
  );
}

function AccountCard({
  detail,
  self,
  onDeleted,
}: {
  detail: AdminUserDetailDto;
  self: boolean;
  onDeleted: () => void;
}) {
  const { user } = detail;
  const { t, i18n } = useLingui();
  return (
    <section className="card admin-account" aria-labelledby="user-account-title">
      <h2 id="user-account-title">
        <Trans>Account</Trans>
      </h2>
      <dl className="admin-facts">
        <Fact label={t`Role`}>
          <RoleSelect user={user} self={self} />
        </Fact>
        <Fact label={t`Credit price`}>
          <PriceEditor user={user} />
        </Fact>
      </dl>
      {self && <p className="muted admin-card-note">{i18n._(SELF_TEXT)}</p>}
      <AccountActions user={user} self={self} showResend onDeleted={onDeleted} />
    </section>
  );
}
