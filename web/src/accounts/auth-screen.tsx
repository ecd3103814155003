import type { ReactNode } from 'react';
import backgroundUrl from '../ui/assets/car-background.svg';
import logoUrl from '../ui/assets/logo-dark.svg';

/** Public account screens: car background, logo and tagline above a white card. */
export function AuthScreen({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className="auth-screen" style={{ backgroundImage: `url(${backgroundUrl})` }}>
      <div className={`auth-card${wide ? ' wide' : ''}`}>
        <div className="auth-brand">
          <img src={logoUrl} alt="ECU Portal" />
          <span className="tagline">World Leading File Portal</span>
        </div>
        {children}
      </div>
    </div>
  );
}
