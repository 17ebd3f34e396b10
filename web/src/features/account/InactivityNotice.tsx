import { INACTIVITY_NOTICE_DAYS, UNUSED_ACCOUNT_YEARS, type InactivityNotice } from '@cull-log/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatUkDate } from '../../lib/format';
import { keepStored, readStored } from '../../lib/stored';
import { Button } from '../../ui/Button';

/** The rule itself, said on the account page and in the notice. */
export const UNUSED_ACCOUNT_RULE =
  `Cull Log deletes an account, with every record in it, once it has gone unused for ${UNUSED_ACCOUNT_YEARS} years, ` +
  `after a notice ${INACTIVITY_NOTICE_DAYS} days before. Signing in, or a tool using one of your access tokens, ` +
  'counts as using it.';

/** When and why the account would have been deleted, and that signing in has kept it. */
export function InactivityNoticeText({ notice }: { notice: InactivityNotice }) {
  return (
    <>
      <p>
        Your account was to be deleted on <strong>{formatUkDate(new Date(notice.erase_at))}</strong>, because
        it had not been used for almost {UNUSED_ACCOUNT_YEARS} years.
      </p>
      <p>
        You have signed in, which keeps it: it will only be deleted if it goes unused for{' '}
        {UNUSED_ACCOUNT_YEARS} years again.
      </p>
    </>
  );
}

/** Closed for this tab once read, until the browser is closed; keyed by the day it names, so a new notice shows. */
const DISMISSED_KEY = 'cull-log:inactivity-notice-read';

/** The notice at the top of every page once signed in, until closed: it is shown at sign-in. */
export default function InactivityNoticeBanner({ notice }: { notice: InactivityNotice }) {
  const [isDismissed, setIsDismissed] = useState(
    () =>
      readStored('session', DISMISSED_KEY, (value) => (value === notice.erase_at ? true : undefined)) ===
      true,
  );
  if (isDismissed) return null;
  return (
    <section className="inactivity-notice" aria-labelledby="inactivity-notice-heading">
      <h2 id="inactivity-notice-heading" className="inactivity-notice__heading">
        Your account has been kept
      </h2>
      <InactivityNoticeText notice={notice} />
      <p>
        <Link to="/your-data">Your data</Link> says more, and <Link to="/privacy">the privacy policy</Link>{' '}
        says how long everything is kept.
      </p>
      <Button
        variant="secondary"
        onPress={() => {
          keepStored('session', DISMISSED_KEY, notice.erase_at);
          setIsDismissed(true);
        }}
      >
        Close
      </Button>
    </section>
  );
}
