import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';

const STEPS = [msg`Vehicle Details`, msg`Modification Plan`, msg`Overview`] as const;

interface Crumb {
  label: string;
  to?: string;
}

/**
 * Breadcrumb, title and the step indicator (docs/product.md#4-the-upload-wizard: '1 Vehicle Details,
 * 2 Modification Plan, 3 Overview') shared by the three wizard pages. Every step shows its
 * number; a finished one is marked by its colour.
 */
export function WizardHeader({
  step,
  crumbs,
  title,
  subtitle,
}: {
  step: 1 | 2 | 3;
  crumbs: Crumb[];
  title: string;
  subtitle: string;
}) {
  const { i18n, t } = useLingui();
  return (
    <>
      <div className="page-header wiz-header">
        <nav className="breadcrumb" aria-label={t`Breadcrumb`}>
          <ol className="wiz-crumbs">
            {crumbs.map((c, i) => (
              <li key={c.label} aria-current={i === crumbs.length - 1 ? 'page' : undefined}>
                {c.to ? <Link to={c.to}>{c.label}</Link> : <span>{c.label}</span>}
              </li>
            ))}
          </ol>
        </nav>
        <h1>{title}</h1>
        <p>{subtitle}</p>
      </div>
      <ol className="wiz-steps" aria-label={t`Upload steps`}>
        {STEPS.map((stepName, i) => {
          const label = i18n._(stepName);
          const n = i + 1;
          const state = n < step ? 'done' : n === step ? 'current' : 'todo';
          return (
            <li
              key={label}
              className={`wiz-step wiz-step-${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="wiz-step-num" aria-hidden="true">
                {n}
              </span>
              <span className="wiz-step-label">
                <span className="wiz-step-of">
                  <Trans>Step {n}</Trans>
                </span>
                {label}
              </span>
              {state === 'done' && <span className="visually-hidden"> {t`(completed)`}</span>}
            </li>
          );
        })}
      </ol>
    </>
  );
}
