import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ButtonLink } from '../../ui/ButtonLink';
import { FeatureIcon, type FeatureIconName } from './FeatureIcon';
import { StatusMessage } from '../../ui/StatusMessage';
import { useSession } from '../../api/useSession';

const FEATURES: { icon: FeatureIconName; title: string; text: string }[] = [
  {
    icon: 'map',
    title: 'Interactive Mapping',
    text: 'See every cull with GPS coordinates on a map, grouped into clusters as your records grow.',
  },
  {
    icon: 'records',
    title: 'Detailed Record Keeping',
    text: 'Record species, sex, age, weight, condition, shot placement, distance and GPS coordinates.',
  },
  {
    icon: 'chart',
    title: 'Analytics & Reports',
    text: 'Totals, this month, top species, average weight and monthly trends at a glance.',
  },
  {
    icon: 'phone',
    title: 'Mobile Friendly',
    text: 'Large buttons and clear forms that work on your phone in the field and on a desktop at home.',
  },
  {
    icon: 'lock',
    title: 'Private & Secure',
    text: 'Your records are yours alone: nobody else can see, change or export them.',
  },
  {
    icon: 'export',
    title: 'CSV Export',
    text: 'Download all your records as a CSV file for spreadsheets, returns and management plans.',
  },
];

const BENEFITS = [
  'Keep accurate records for cull plans, landowners and deer management groups',
  'Capture each cull in the field in under a minute',
  'Spot trends across species, seasons and ground',
  'Find any record again with search, sorting and paging',
  'Take your data with you at any time',
];

/**
 * The home page's opening words, the same for every visitor, and below them what is given (the buttons, which depend
 * on who is signed in). The build draws it without them into the page the server sends for `/`.
 */
export function HomeHero({ children }: { children?: ReactNode }) {
  return (
    <section className="hero">
      <div className="hero__inner">
        <h1 className="hero__title">Your wildlife cull records, in one place</h1>
        <p className="hero__lead">
          Cull Log helps stalkers, wildlife managers and land managers in England record, map, analyse and
          export every cull, from red deer to rabbits.
        </p>
        {children}
      </div>
    </section>
  );
}

export function HomePage() {
  const session = useSession();
  const signedIn = session.status === 'signed-in';
  // Where the Your data page lands after deleting the account.
  const [searchParams] = useSearchParams();
  const accountDeleted = searchParams.get('account') === 'deleted';
  return (
    <div className="home">
      {accountDeleted ? (
        <div className="home__notice">
          <StatusMessage kind="empty">
            Your account has been deleted: every record, its history and your figures are erased, and you are
            signed out on every device.
          </StatusMessage>
        </div>
      ) : null}
      <HomeHero>
        <div className="hero__actions">
          <ButtonLink to={signedIn ? '/dashboard' : '/login'}>
            {signedIn ? 'Go to Dashboard' : 'Get Started'}
          </ButtonLink>
          <ButtonLink to="/map" variant="secondary">
            View Map
          </ButtonLink>
        </div>
      </HomeHero>

      <section className="section" aria-labelledby="features-heading">
        <h2 id="features-heading" className="section__title">
          Everything you need to manage your records
        </h2>
        <ul className="feature-grid">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="card feature-card">
              <span className="feature-card__icon">
                <FeatureIcon name={feature.icon} />
              </span>
              <h3 className="feature-card__title">{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="section section--tinted" aria-labelledby="benefits-heading">
        <h2 id="benefits-heading" className="section__title">
          Why keep your records with Cull Log
        </h2>
        <ul className="benefits">
          {BENEFITS.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
      </section>

      <section className="section cta" aria-labelledby="cta-heading">
        <h2 id="cta-heading" className="section__title">
          {signedIn ? 'Record your next cull' : 'Start your log today'}
        </h2>
        <p>
          {signedIn
            ? 'Add a record now while the details are fresh.'
            : 'Sign in with your Google account. It takes a few seconds and there is nothing to install.'}
        </p>
        <ButtonLink to={signedIn ? '/add-cull' : '/login'}>
          {signedIn ? '+ Add Cull' : 'Sign in to get started'}
        </ButtonLink>
      </section>
    </div>
  );
}
