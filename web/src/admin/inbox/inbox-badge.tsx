import { useLingui } from '@lingui/react';
import { useInboxCount } from './inbox-api';
import { badgeSpoken, badgeText } from './inbox-format';
import './inbox.css';

/** The sidebar's count of tickets waiting for support (nothing when none wait). */
export function InboxBadge() {
  const { i18n } = useLingui();
  const count = useInboxCount();
  const text = badgeText(count);
  if (!text || !count) return null;
  return (
    <span className="inbox-badge" data-testid="inbox-badge">
      <span aria-hidden="true">{text}</span>
      <span className="sr-only">({badgeSpoken(count, i18n)})</span>
    </span>
  );
}
