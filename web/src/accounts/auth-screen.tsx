import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { LanguageSwitch } from '../i18n';
import backgroundUrl from '../ui/assets/car-background.svg';
import logoUrl from '../ui/assets/logo-dark.svg';

/** Public account screens: car background, logo and tagline above a white card; the language menu above. */
export function AuthScreen({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className="auth-screen" style={{ backgroundImage: `url(${backgroundUrl})` }}>
      <LanguageSwitch className="language-switch auth-language" />
      <div className={`auth-card${wide ? ' wide' : ''}`}>
        <div className="auth-brand">
          <img src={logoUrl} alt="ECU Portal" />
          <span className="tagline">
            <Trans>World Leading File Portal</Trans>
          </span>
        </div>
        {children}
      </div>
    </div>
  );
}
