import { useLingui } from '@lingui/react/macro';

/** The card brands we take, drawn inline (bundled, so they show offline and need no CDN). */
export function CardBrands() {
  const { t } = useLingui();
  return (
    <ul className="card-brands" aria-label={t`Accepted cards`}>
      <li>
        <svg viewBox="0 0 48 30" role="img" aria-label="Visa">
          <rect width="48" height="30" rx="4" fill="#1a1f71" />
          <text
            x="24"
            y="20"
            textAnchor="middle"
            fill="#fff"
            fontFamily="Arial, Helvetica, sans-serif"
            fontSize="13"
            fontStyle="italic"
            fontWeight="700"
          >
            VISA
          </text>
        </svg>
      </li>
      <li>
        <svg viewBox="0 0 48 30" role="img" aria-label="Mastercard">
          <rect width="48" height="30" rx="4" fill="#252525" />
          <circle cx="19.5" cy="15" r="8.5" fill="#eb001b" />
          <circle cx="28.5" cy="15" r="8.5" fill="#f79e1b" />
          <path d="M24 7.8a8.5 8.5 0 0 1 0 14.4 8.5 8.5 0 0 1 0-14.4z" fill="#ff5f00" />
        </svg>
      </li>
      <li>
        <svg viewBox="0 0 48 30" role="img" aria-label="American Express">
          <rect width="48" height="30" rx="4" fill="#2e77bc" />
          <text
            x="24"
            y="19"
            textAnchor="middle"
            fill="#fff"
            fontFamily="Arial, Helvetica, sans-serif"
            fontSize="9.5"
            fontWeight="700"
            letterSpacing="0.5"
          >
            AMEX
          </text>
        </svg>
      </li>
    </ul>
  );
}
