import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { RouteErrorBoundary } from './RouteError';
import { ScreenLoading } from './ScreenLoading';
import { useScrollRestoration } from './scroll-restoration';
import { logout } from '../api/session';
import { displayName, useInactivityNotice, useSession } from '../api/useSession';
import { OutboxBanner } from './offline/OutboxBanner';
import { OfflineNotice } from './OfflineNotice';
import { Button } from '../ui/Button';
import { CookieBanner } from './CookieBanner';
import { FeedbackProvider, FeedbackRegion } from './FeedbackRegion';

// Its code and the read of the user's teams come after the first screen, as a screen's own do.
const TeamSwitcher = lazy(() => import('../features/teams/TeamSwitcher'));

// Only for a session that began when the account was about to be deleted for want of use: rare, so apart.
const InactivityNoticeBanner = lazy(() => import('../features/account/InactivityNotice'));

/** Says, once signed in, that the account was to be deleted for want of use and that signing in kept it. */
function InactivityNoticeShown() {
  const session = useSession();
  const notice = useInactivityNotice();
  if (session.status !== 'signed-in' || notice === null) return null;
  return (
    <Suspense fallback={null}>
      <InactivityNoticeBanner notice={notice} />
    </Suspense>
  );
}

/** The choice of diary or team, for a signed-in user only. */
function TeamChoice() {
  const session = useSession();
  if (session.status !== 'signed-in') return null;
  return (
    <Suspense fallback={null}>
      <TeamSwitcher />
    </Suspense>
  );
}

function NavItem({ to, children }: { to: string; children: string }) {
  return (
    <li>
      <NavLink to={to} end={to === '/'} className="nav__link">
        {children}
      </NavLink>
    </li>
  );
}

function Navigation({ menuId, isOpen }: { menuId: string; isOpen: boolean }) {
  const session = useSession();
  const [isSigningOut, setIsSigningOut] = useState(false);

  async function signOut() {
    setIsSigningOut(true);
    try {
      await logout();
    } catch (error) {
      console.error('Sign-out failed', error);
    }
    // A full page load leaves nothing of this user's data in memory and no protected screen mid-redirect.
    window.location.assign('/');
  }

  return (
    <nav id={menuId} className={`nav ${isOpen ? 'nav--open' : ''}`} aria-label="Main">
      <ul className="nav__list">
        <NavItem to="/">Home</NavItem>
        {session.status === 'signed-in' ? (
          <>
            <NavItem to="/dashboard">Dashboard</NavItem>
            <NavItem to="/data">Data</NavItem>
            <NavItem to="/import">Import</NavItem>
            <NavItem to="/map">Map</NavItem>
            <NavItem to="/grounds">Grounds</NavItem>
            <NavItem to="/plans">Plans</NavItem>
            <NavItem to="/teams">Teams</NavItem>
            <NavItem to="/larder">Larder</NavItem>
            <NavItem to="/sessions">Devices</NavItem>
            <NavItem to="/your-data">Your data</NavItem>
            <li>
              <NavLink to="/add-cull" className="nav__link nav__link--accent">
                + Add Cull
              </NavLink>
            </li>
            <li className="nav__user">
              <span className="nav__welcome">Welcome, {displayName(session.user)}</span>
              <Button variant="ghost" onPress={signOut} isDisabled={isSigningOut}>
                Logout
              </Button>
            </li>
          </>
        ) : (
          <>
            <NavItem to="/map">Map</NavItem>
            {session.status === 'signed-out' ? <NavItem to="/login">Login</NavItem> : null}
          </>
        )}
      </ul>
    </nav>
  );
}

export function Layout() {
  const menuId = useId();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const location = useLocation();

  useEffect(() => setIsMenuOpen(false), [location.pathname]);
  useScrollRestoration();

  return (
    <FeedbackProvider>
      <div className="layout">
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <header className="header">
          <div className="header__inner">
            <Link to="/" className="brand">
              <span className="brand__mark" aria-hidden="true">
                ◆
              </span>
              Cull Log
            </Link>
            <TeamChoice />
            <Button
              variant="ghost"
              className="menu-button"
              aria-expanded={isMenuOpen}
              aria-controls={menuId}
              onPress={() => setIsMenuOpen((open) => !open)}
            >
              {isMenuOpen ? 'Close' : 'Menu'}
            </Button>
            <Navigation menuId={menuId} isOpen={isMenuOpen} />
          </div>
        </header>
        <OfflineNotice />
        <OutboxBanner />
        <InactivityNoticeShown />
        <main id="main" className="main" tabIndex={-1}>
          <FeedbackRegion />
          <RouteErrorBoundary key={location.pathname}>
            <Suspense fallback={<ScreenLoading />}>
              <Outlet />
            </Suspense>
          </RouteErrorBoundary>
        </main>
        <footer className="footer">
          <div className="footer__inner">
            <Link to="/terms">Terms &amp; Conditions</Link>
            <Link to="/privacy">Privacy Policy</Link>
            <span>© {new Date().getFullYear()} Cull Log. All rights reserved.</span>
          </div>
        </footer>
        <CookieBanner />
      </div>
    </FeedbackProvider>
  );
}
