import {
  type AdminUserDetailDto,
  countryName,
  formatCredits,
  formatDateTime,
  formatGBP,
  ROLE_LABELS,
  type UserDto,
} from '@ecu/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { LanguageName } from '../../i18n';
import { messageOf } from '../../local/api-client';
import { useOnline } from '../../local/use-online';
import { adminApi } from '../api';
import { UserDeliveries } from '../deliveries/user-deliveries';
import { AfterRestore, LoadErrorNotice, OfflineNotice } from '../list-parts';
import { PriceEditor } from '../price-editor';
import { adminKeys } from '../queries';
import { AccountActions, RoleSelect, SELF_TEXT, UserAvatar, UserBadges, useMyId } from './user-actions';
import { UserCreditsCard } from './user-credits-card';
import { AuditCard, PaymentsCard, TicketsCard } from './user-history';
import { displayName, fullName } from './user-names';

const LOAD_ERROR = 'Failed to load the user';

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
  const query = useQuery({
    queryKey: adminKeys.user(userId),
    queryFn: async ({ signal }) => (await adminApi.userDetail(userId, signal)).data,
    // Every visit asks the server again; the copy shows meanwhile.
    staleTime: 0,
  });
  const error = query.error ? messageOf(query.error, LOAD_ERROR) : null;

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
            <p className="muted">You are offline, and this user has not been loaded on this device yet.</p>
          ) : error ? (
            <>
              <p className="status-failed">{error}</p>
              <div className="form-actions">
                <button type="button" className="btn btn-secondary" onClick={() => void query.refetch()}>
                  Try again
                </button>
              </div>
            </>
          ) : (
            <p className="muted" aria-busy="true">
              Fetching User...
            </p>
          )}
        </section>
      </Shell>
    );
  }

  const { user, deletedAt } = detail;
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
              <span className="badge badge-offline">Deleted</span>
            ) : (
              <UserBadges user={user} self={self} />
            )}
            {stale && <span className="badge badge-offline">Offline copy</span>}
          </div>
          <p>{deletedAt ? user.email : <a href={`mailto:${user.email}`}>{user.email}</a>}</p>
        </div>
      </div>

      {stale && <OfflineNotice loadedAt={query.dataUpdatedAt || null} />}
      {deletedAt && (
        <div className="notice notice-info" role="status">
          This account was deleted on {formatDateTime(deletedAt)}: its names, address and e-mail address were
          removed. Its payments and credit ledger are kept for accounting; nothing here can be changed.
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
  return (
    <div className="stack admin-page admin-user-page">
      <nav aria-label="Breadcrumb" className="admin-back">
        <Link to="/users">
          <span aria-hidden="true" className="dir-icon">
            ←
          </span>{' '}
          Users
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

const orNone = (text: string | null | undefined) => text?.trim() || <span className="muted">Not given</span>;

function ProfileCard({ user }: { user: UserDto }) {
  return (
    <section className="card admin-profile" aria-labelledby="user-profile-title">
      <h2 id="user-profile-title">Profile</h2>
      <dl className="admin-facts">
        <Fact label="Name">{orNone(fullName(user))}</Fact>
        <Fact label="E-mail">{user.email}</Fact>
        <Fact label="Role">{ROLE_LABELS[user.role]}</Fact>
        <Fact label="Language">
          <LanguageName locale={user.locale} />
        </Fact>
        <Fact label="Country">{orNone(user.country ? (countryName(user.country) ?? user.country) : '')}</Fact>
        <Fact label="City">{orNone(user.city)}</Fact>
        <Fact label="Address">{orNone(user.address)}</Fact>
        <Fact label="Postal code">{orNone(user.postalCode)}</Fact>
        <Fact label="Joined">{formatDateTime(user.createdAt)}</Fact>
        <Fact label="E-mail verified">
          {user.verified ? (
            <span className="badge admin-badge-completed">Verified</span>
          ) : (
            <span className="badge badge-pending">Unverified</span>
          )}
        </Fact>
        <Fact label="Account">
          {user.disabled ? (
            <span className="badge badge-failed">Disabled</span>
          ) : (
            <span className="badge admin-badge-completed">Active</span>
          )}
        </Fact>
        <Fact label="Credits">{formatCredits(user.credits)}</Fact>
        <Fact label="Credit price">{formatGBP(user.perCreditPrice)}</Fact>
        <Fact label="Money spent">{formatGBP(user.totalMoneySpent)}</Fact>
        <Fact label="Files">{user.totalFilesSubmitted ?? 0}</Fact>
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
  return (
    <section className="card admin-account" aria-labelledby="user-account-title">
      <h2 id="user-account-title">Account</h2>
      <dl className="admin-facts">
        <Fact label="Role">
          <RoleSelect user={user} self={self} />
        </Fact>
        <Fact label="Credit price">
          <PriceEditor user={user} />
        </Fact>
      </dl>
      {self && <p className="muted admin-card-note">{SELF_TEXT}</p>}
      <AccountActions user={user} self={self} showResend onDeleted={onDeleted} />
    </section>
  );
}
