import { RATING_COMMENT_MAX, RATING_STARS, type RateTicketInput, type TicketRatingDto } from '@ecu/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'react-toastify';
import { apiRequest, messageOf } from '../../local/api-client';
import { starsText } from '../common/texts';
import './rate-file.css';

export const rateFileApi = (body: RateTicketInput) =>
  apiRequest<TicketRatingDto>('POST', '/ecuFile/rate', body);

/**
 * 'Rate this file' on a delivered ticket (docs/decisions/089-ratings.md): five stars as a radio
 * group and an optional comment. `asked`: the stars a link of the delivery mail asks for
 * (`?rate=4`), chosen already so that one tap on Send confirms; opening the link changes nothing.
 */
export function RateFileCard({
  ticketNumber,
  rating,
  asked,
  online,
  onRated,
}: {
  ticketNumber: number;
  rating: TicketRatingDto | null | undefined;
  asked: number | null;
  online: boolean;
  onRated?: (rating: TicketRatingDto) => void;
}) {
  const headingId = useId();
  const { i18n } = useLingui();
  const [given, setGiven] = useState<TicketRatingDto | null>(null);
  const shown = given ?? rating ?? null;
  const changeable = shown ? Date.now() < Date.parse(shown.changeableUntil) : false;
  const [editing, setEditing] = useState(false);
  const rated = shown ? starsText(i18n, shown.stars) : '';
  const open = !shown || editing || (asked !== null && changeable && asked !== shown.stars);
  return (
    <section className="card ticket-card rate-file" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Rate this file</Trans>
      </h2>
      {shown && !open ? (
        <>
          <p data-testid="given-rating">
            <span aria-hidden="true" className="rate-stars-shown">
              {'★'.repeat(shown.stars)}
              {'☆'.repeat(5 - shown.stars)}
            </span>{' '}
            <Trans>You rated this file {rated}.</Trans>
          </p>
          {shown.comment && <p className="muted rate-comment">“{shown.comment}”</p>}
          {changeable && (
            <button
              type="button"
              className="btn btn-secondary"
              disabled={!online}
              onClick={() => setEditing(true)}
            >
              <Trans>Change rating</Trans>
            </button>
          )}
        </>
      ) : (
        <RateForm
          ticketNumber={ticketNumber}
          initial={asked ?? shown?.stars ?? null}
          comment={shown?.comment ?? ''}
          online={online}
          onCancel={shown ? () => setEditing(false) : undefined}
          onRated={(r) => {
            setGiven(r);
            setEditing(false);
            onRated?.(r);
          }}
        />
      )}
    </section>
  );
}

function RateForm({
  ticketNumber,
  initial,
  comment: initialComment,
  online,
  onCancel,
  onRated,
}: {
  ticketNumber: number;
  initial: number | null;
  comment: string;
  online: boolean;
  onCancel?: () => void;
  onRated: (rating: TicketRatingDto) => void;
}) {
  const name = useId();
  const commentId = useId();
  const errorId = useId();
  const [stars, setStars] = useState<number | null>(initial);
  const [comment, setComment] = useState(initialComment);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { t, i18n } = useLingui();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (stars === null) {
      setError(t`Choose 1 to 5 stars`);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { data, message } = await rateFileApi({ ticketNumber, stars, comment: comment.trim() || null });
      toast.success(message);
      onRated(data);
    } catch (err) {
      setError(messageOf(err, t`Your rating was not sent. Please try again.`));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="rate-form" onSubmit={submit} noValidate>
      <fieldset className="rate-stars" aria-describedby={error ? errorId : undefined}>
        <legend>
          <Trans>How good is the tuned file?</Trans>
        </legend>
        {RATING_STARS.map((n) => (
          <label key={n} className={stars !== null && n <= stars ? 'rate-star rate-star-on' : 'rate-star'}>
            <input
              type="radio"
              name={name}
              value={n}
              checked={stars === n}
              onChange={() => setStars(n)}
              className="sr-only"
            />
            <span aria-hidden="true">★</span>
            <span className="sr-only">{starsText(i18n, n)}</span>
          </label>
        ))}
      </fieldset>
      <label htmlFor={commentId}>
        <Trans>Comment (optional)</Trans>
      </label>
      <textarea
        id={commentId}
        rows={3}
        maxLength={RATING_COMMENT_MAX}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
      />
      {error && (
        <p id={errorId} className="status-failed" role="alert">
          {error}
        </p>
      )}
      {!online && (
        <p className="notice notice-warn">
          <Trans>You are offline. Sending a rating needs a connection.</Trans>
        </p>
      )}
      <div className="rate-actions">
        <button type="submit" className="btn" disabled={busy || !online}>
          {busy ? t`Sending...` : t`Send`}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </button>
        )}
      </div>
    </form>
  );
}
