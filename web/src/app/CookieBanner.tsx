import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useConsent } from './useConsent';
import { Button } from '../ui/Button';

/** The banner waits a second after load, and shows only when no choice is stored. */
export const COOKIE_BANNER_DELAY_MS = 1000;

export function CookieBanner() {
  const { consent, accept, decline } = useConsent();
  const [delayPassed, setDelayPassed] = useState(false);

  useEffect(() => {
    if (consent !== null) return;
    const timer = setTimeout(() => setDelayPassed(true), COOKIE_BANNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [consent]);

  if (consent !== null || !delayPassed) return null;
  return (
    <section className="cookie-banner" role="region" aria-label="Cookie consent">
      <p className="cookie-banner__text">Cookies enhance the app and keep you signed in.</p>
      <div className="cookie-banner__actions">
        <Link className="cookie-banner__link" to="/privacy">
          Privacy Policy
        </Link>
        <Button variant="secondary" onPress={decline}>
          Decline
        </Button>
        <Button onPress={accept}>Accept All</Button>
      </div>
    </section>
  );
}
