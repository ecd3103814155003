import { isDelivered, starsFromQuery } from '@ecu/shared';
import { i18n as currentI18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { refreshAuthUser } from '../../accounts';
import { ChatPanel } from '../../chat';
import { ApiError, messageOf } from '../../local/api-client';
import { pullAfterWrite } from '../../local/sync-engine';
import { useOnline } from '../../local/use-online';
import {
  keepTicketDetails,
  parseTicketNumber,
  type TicketEvent,
  type TicketView,
  ticketsApi,
} from '../common/api';
import { EcuIdentificationView } from '../common/ecu-identification';
import { localTicket, localTicketDetails } from '../common/local-tickets';
import { autoDeliveryOf, bannerFor, DOWNLOAD_MESSAGES } from '../common/status';
import {
  DetailsCard,
  HistoryCard,
  RequestCard,
  StatusPanel,
  TicketSubtitle,
  vehicleName,
} from '../common/ticket-cards';
import { canRequestChange } from './change-request';
import { CounterOfferCard } from './counter-offer-card';
import { RateFileCard } from './rate-file';
import { RequestChangeCard } from './request-change';
import { RevisionChain } from './revision-chain';

interface Fetched {
  ticketNumber: number;
  ticket?: TicketView;
  notFound?: boolean;
  error?: string;
}

/** Opens the signed, short-lived url as a download (the server sends it as an attachment). */
function startDownload(url: string, name: string | undefined) {
  const a = document.createElement('a');
  a.href = url;
  a.download = name ?? '';
  a.rel = 'noopener';
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
}

/**
 * /ticket-details/:ticketNumber for the customer. The ticket comes from IndexedDB first (so
 * it opens offline); when online getTicketDetails refreshes it and brings the history, kept in
 * localDb.ticketDetails for offline visits (the row itself only comes through the sync feed,
 * docs/decisions/044-one-writer.md). A change that reaches Dexie through the feed (status,
 * tuned file) asks again.
 */
export default function TicketDetailsPage() {
  const { ticketNumber: raw } = useParams();
  // A rating link of the delivery mail (?rate=4): the card preselects it, Send confirms.
  const [search] = useSearchParams();
  const askedStars = starsFromQuery(search.get('rate'));
  const ticketNumber = parseTicketNumber(raw);
  const online = useOnline();
  const { i18n } = useLingui();
  const local = useLiveQuery(
    () => (ticketNumber === null ? null : localTicket(ticketNumber)),
    [ticketNumber],
  );
  const kept = useLiveQuery(
    () => (ticketNumber === null ? null : localTicketDetails(ticketNumber)),
    [ticketNumber],
  );
  const [fetched, setFetched] = useState<Fetched | null>(null);
  const [fetching, setFetching] = useState(false);
  const [reload, setReload] = useState(0);
  const [downloading, setDownloading] = useState(false);
  // The version of the ticket the last answer was for: a new version in Dexie asks again.
  const answeredFor = useRef('');

  const current = fetched?.ticketNumber === ticketNumber ? fetched : null;
  const localVersion =
    local === undefined ? undefined : `${ticketNumber}:${local?.updatedAt ?? ''}:${reload}`;

  useEffect(() => {
    if (ticketNumber === null || !online || localVersion === undefined) return;
    if (answeredFor.current === localVersion) return;
    const controller = new AbortController();
    setFetching(true);
    ticketsApi
      .details(ticketNumber, controller.signal)
      .then(async ({ data }) => {
        answeredFor.current = `${ticketNumber}:${data.updatedAt}:${reload}`;
        setFetched({ ticketNumber, ticket: data });
        await keepTicketDetails(data, { signal: controller.signal }).catch(() => {
          // Dexie unavailable: the answer still shows from memory.
        });
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        answeredFor.current = localVersion;
        if (err instanceof ApiError && err.code === 'not_found') {
          setFetched({ ticketNumber, notFound: true });
          return;
        }
        // The language at the time of the answer (a hook's t would make a new language ask again).
        const text = messageOf(err, currentI18n._(msg`Failed to load the ticket details`));
        setFetched({ ticketNumber, error: text });
        toast.error(text, { toastId: `ticket-${ticketNumber}` });
      })
      .finally(() => {
        if (!controller.signal.aborted) setFetching(false);
      });
    return () => controller.abort();
  }, [ticketNumber, online, localVersion, reload]);

  if (ticketNumber === null || current?.notFound) return <NotFound />;

  const ticket = local ?? current?.ticket ?? null;
  if (!ticket) {
    if (local === undefined || online) {
      if (current?.error)
        return <LoadFailed message={current.error} onRetry={() => setReload((r) => r + 1)} />;
      return (
        <div className="spinner-page" aria-busy="true">
          <Trans>Ticket Details...</Trans>
        </div>
      );
    }
    return (
      <Shell>
        <section className="card tickets-state">
          <h2>
            <Trans>You are offline</Trans>
          </h2>
          <p className="muted">
            <Trans>This ticket is not on this device yet. It opens here once you are back online.</Trans>
          </p>
        </section>
      </Shell>
    );
  }

  // The feed may put a newer row than the last answer: its history serves only while it matches,
  // this visit's answer first, else the one kept from an earlier visit.
  const details = [current?.ticket, kept].find((d) => d?.updatedAt === ticket.updatedAt) ?? undefined;
  const history: TicketEvent[] | undefined = details?.history;
  const ecuIdentification = details?.ecuIdentification;
  // A new revision does not touch the parent's updatedAt: the last answer's chain wins over the copy.
  const chain = current?.ticket ?? kept ?? ticket;

  async function download() {
    if (!ticket?.ticketNumber) {
      toast.error(i18n._(DOWNLOAD_MESSAGES.missingTicket));
      return;
    }
    setDownloading(true);
    try {
      const { data } = await ticketsApi.isEligibleToDownload(ticket.ticketNumber);
      if (data.eligible && data.url) {
        toast.success(i18n._(DOWNLOAD_MESSAGES.started));
        startDownload(data.url, ticket.ecuTunedFile?.name);
        // The first download is charged: the sidebar balance and the history change.
        void refreshAuthUser();
        setReload((r) => r + 1);
      } else {
        toast.error(data.message || i18n._(DOWNLOAD_MESSAGES.notEligible));
      }
    } catch (err) {
      toast.error(messageOf(err, i18n._(DOWNLOAD_MESSAGES.failed)));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Shell>
      <div className="page-header ticket-header">
        <h1>{vehicleName(ticket, i18n)}</h1>
        <TicketSubtitle ticket={ticket} />
        <RevisionChain ticket={chain} path={(n) => `/ticket-details/${n}`} />
      </div>
      {!online && (
        <div className="notice notice-warn tickets-offline" role="status">
          <Trans>Offline: showing the copy on this device. Downloads wait for the connection.</Trans>
        </div>
      )}
      <div className="ticket-grid">
        <div className="ticket-col">
          <DetailsCard ticket={ticket} />
          <StatusPanel
            ticket={ticket}
            banner={bannerFor(ticket, i18n)}
            online={online}
            downloading={downloading}
            onDownload={download}
            automatic={autoDeliveryOf(history)}
          />
          {current?.ticket?.counterOffer && (
            <CounterOfferCard
              key={`offer-${current.ticket.counterOffer.createdAt}`}
              ticketNumber={ticket.ticketNumber}
              offer={current.ticket.counterOffer}
              currentPrice={ticket.creditsNeed}
              online={online}
              onAnswered={() => {
                // The ticket's row changed (plan, price, 'Awaiting customer'): the device learns it now.
                void pullAfterWrite().catch(() => {});
                setReload((r) => r + 1);
              }}
            />
          )}
          <RequestCard ticket={ticket} online={online} />
          {canRequestChange(ticket) && (
            <RequestChangeCard
              key={ticket.ticketNumber}
              ticket={{ ...ticket, chainStartedAt: chain.chainStartedAt }}
              online={online}
            />
          )}
          {isDelivered({ status: ticket.status, hasTunedFile: Boolean(ticket.ecuTunedFile) }) &&
            current?.ticket && (
              <RateFileCard
                key={`rate-${ticket.ticketNumber}`}
                ticketNumber={ticket.ticketNumber}
                rating={current.ticket.rating}
                asked={askedStars}
                online={online}
              />
            )}
          {ecuIdentification && <EcuIdentificationView result={ecuIdentification} card />}
        </div>
        <div className="ticket-col">
          <ChatPanel ticketNumber={ticketNumber} variant="user" />
          <HistoryCard history={history} online={online} loading={fetching} />
        </div>
      </div>
    </Shell>
  );
}

function Shell({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  return (
    <div className="stack tickets-page ticket-page">
      <nav className="breadcrumb ticket-breadcrumb" aria-label={t`Breadcrumb`}>
        <Link to="/my-files">
          <Trans>My Files</Trans>
        </Link>
        <span aria-hidden="true" className="dir-icon">
          ›
        </span>
        <span>
          <Trans>Ticket details</Trans>
        </span>
      </nav>
      {children}
    </div>
  );
}

function NotFound() {
  return (
    <Shell>
      <section className="card tickets-state">
        <h1>
          <Trans>Ticket not found</Trans>
        </h1>
        <p className="muted">
          <Trans>There is no ticket with this number among your files.</Trans>
        </p>
        <Link to="/my-files" className="btn btn-secondary">
          <Trans>Back to My Files</Trans>
        </Link>
      </section>
    </Shell>
  );
}

function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Shell>
      <section className="card tickets-state">
        <h1>
          <Trans>Ticket Details</Trans>
        </h1>
        <p className="status-failed">{message}</p>
        <button type="button" className="btn btn-secondary" onClick={onRetry}>
          <Trans>Try again</Trans>
        </button>
      </section>
    </Shell>
  );
}
