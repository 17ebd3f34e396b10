import { INACTIVITY_NOTICE_DAYS, RECORD_RETENTION_YEARS, UNUSED_ACCOUNT_YEARS } from '@cull-log/contracts';
import { Link } from 'react-router-dom';
import { CONTACT, LegalDocument, type LegalSection } from './LegalDocument';

const SECTIONS: LegalSection[] = [
  {
    id: 'controller',
    title: 'Who we are',
    body: (
      <p>
        {CONTACT.company} ({CONTACT.address}) is the controller of the personal data described in this policy
        for the purposes of the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act
        2018. You can reach us about privacy at {CONTACT.privacyEmail}.
      </p>
    ),
  },
  {
    id: 'data-collected',
    title: 'Data we collect',
    body: (
      <>
        <p>We collect:</p>
        <ul>
          <li>
            <strong>Account data</strong> from Google when you sign in: your name, e-mail address and Google
            account identifier.
          </li>
          <li>
            <strong>Cull records</strong> you enter: date and time, location name, grid reference and GPS
            coordinates, species, sex, age, weight, condition, antler details, shot placement and distance,
            and any notes or comments you add, such as weather and environmental conditions, equipment used
            and disposal method.
          </li>
          <li>
            <strong>Usage and security logs</strong>: the pages and addresses requested, times, IP address and
            browser details, kept to run and protect the service.
          </li>
        </ul>
        <p>
          Location data in cull records can reveal where you work. It is visible only to you unless you export
          and share it yourself.
        </p>
      </>
    ),
  },
  {
    id: 'legal-bases',
    title: 'Our legal bases',
    body: (
      <ul>
        <li>
          <strong>Contract</strong>: to provide the service you signed up for (your account and records).
        </li>
        <li>
          <strong>Legitimate interests</strong>: to keep the service secure, prevent misuse and fix faults
          (usage and security logs).
        </li>
        <li>
          <strong>Consent</strong>: for any optional analytics cookies. You can withdraw consent at any time.
        </li>
        <li>
          <strong>Legal obligation</strong>: where we must keep or disclose information by law.
        </li>
      </ul>
    ),
  },
  {
    id: 'use',
    title: 'How we use your data',
    body: (
      <p>
        We use your data to sign you in, to store and show your records, to produce your dashboard figures,
        map and CSV exports, to keep the service secure and working, and to contact you about your account or
        important changes. We do not sell your data, use it for advertising or make automated decisions about
        you that have legal or similarly significant effects.
      </p>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <p>We share personal data only with:</p>
        <ul>
          <li>Google, which authenticates you when you sign in;</li>
          <li>our hosting provider, which stores the service&apos;s data on our behalf under a contract;</li>
          <li>
            OpenStreetMap: the map tiles (the images the map is drawn from) are fetched by your browser from
            OpenStreetMap&apos;s tile servers, which see your IP address and which part of the map you look
            at, never your records; tiles already seen are kept on your device so the map works with no
            signal;
          </li>
          <li>the police, courts or regulators where the law requires us to.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'transfers',
    title: 'International transfers',
    body: (
      <p>
        We store your records in the United Kingdom where we can. Where a provider (such as Google) processes
        data outside the UK, we rely on UK adequacy regulations or the International Data Transfer Agreement
        or Addendum to protect it.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <ul>
        <li>
          Cull records and the personal data in them: for as long as your account exists, until you delete
          them, or until they are {RECORD_RETENTION_YEARS} years old as the next point says. A record you
          delete leaves your list, figures, map and exports at once; its history (every change made to it)
          stays with your account, and in your download, until you delete your account.
        </li>
        <li>
          {RECORD_RETENTION_YEARS} years after the later of the day of the cull and the day it was entered
          into Cull Log, a record is removed, with its photos and its larder book and declaration entries. We
          check every day.
        </li>
        <li>
          Account data (your name, e-mail address and Google account identifier): until you delete your
          account, or until it has gone unused for {UNUSED_ACCOUNT_YEARS} years. An account not used for{' '}
          {UNUSED_ACCOUNT_YEARS} years (no sign-in, and no tool using one of its access tokens) is deleted,
          with everything in it, as if you had deleted it yourself. From {INACTIVITY_NOTICE_DAYS} days before,
          signing in shows a notice saying when it would have been deleted; signing in, or any use, keeps it.
        </li>
        <li>
          Deleting your account (Your data, in the menu once you are signed in) erases at once, from every
          database the service runs, every record, its history, your figures and exports, and your sessions,
          and signs you out on every device. It cannot be undone. The event stream the service's parts share
          keeps only a notice with your account identifier, so that every system fed from it deletes its copy
          too. Copies in backups of those databases last until the backups are replaced, which is within 35
          days. So that a backup put back can never bring your account back, the service keeps your account
          identifier alone (no name, e-mail or records) for as long as a backup could hold it, and deletes
          your account again from anything put back.
        </li>
        <li>Sign-in sessions: 30 days after you last use them, and never more than 90 days.</li>
        <li>Usage and security logs: 12 months.</li>
      </ul>
    ),
  },
  {
    id: 'rights',
    title: 'Your rights',
    body: (
      <p>
        You have the right to be informed, to access your data, to have it corrected, to have it erased, to
        restrict or object to its use, to data portability (you can download everything we keep about you as
        one zip file, or your records as CSV, at any time), and to withdraw consent where we rely on it.
      </p>
    ),
  },
  {
    id: 'exercising-rights',
    title: 'How to exercise your rights',
    body: (
      <p>
        You can download your data and delete your account yourself at any time: sign in and open Your data in
        the menu. The download is one zip file of your records (as JSON and CSV), their full history, your
        profile and your signed-in devices; deleting asks you to type DELETE and to sign in again first, then
        signs you out on every device and erases everything at once. For anything else, e-mail{' '}
        {CONTACT.privacyEmail} or write to us at the address below. We may need to confirm your identity. We
        will answer within one month, or tell you within that month if we need up to two further months
        because your request is complex. There is normally no charge.
      </p>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    body: (
      <>
        <p>
          We use one strictly necessary cookie to keep you signed in; it cannot be switched off without
          signing out. Your cookie choice (accepted or declined) is stored in your browser&apos;s local
          storage so we do not ask again.
        </p>
        <p>
          We load no advertising or third-party tracking. Optional analytics run only if you choose
          &ldquo;Accept All&rdquo;. To change your choice, clear this site&apos;s data in your browser and
          choose again.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        Your records are sent over encrypted connections, access is checked on our servers for every request,
        and each user can reach only their own records. Access to our systems is limited to people who need
        it.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>The service is not intended for children under 16, and we do not knowingly collect their data.</p>
    ),
  },
  {
    id: 'breaches',
    title: 'Data breaches',
    body: (
      <p>
        If a personal data breach is likely to put your rights at risk, we will report it to the Information
        Commissioner&apos;s Office within 72 hours of becoming aware of it, and tell you without undue delay
        if the risk to you is high.
      </p>
    ),
  },
  {
    id: 'updates',
    title: 'Updates to this policy',
    body: (
      <p>
        We may update this policy. The date at the top shows when it last changed, and we will tell you about
        significant changes when you next sign in.
      </p>
    ),
  },
  {
    id: 'complaints',
    title: 'Complaints',
    body: (
      <p>
        Please contact us first so we can try to put things right. You also have the right to complain to the
        UK regulator, the Information Commissioner&apos;s Office (ICO): www.ico.org.uk, telephone 0303 123
        1113.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <address>
        {CONTACT.company}
        <br />
        {CONTACT.address}
        <br />
        E-mail: {CONTACT.privacyEmail}
        <br />
        Telephone: {CONTACT.phone}
      </address>
    ),
  },
];

export default function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      intro={
        <p>
          This policy explains how Cull Log uses your personal data. Read it with our{' '}
          <Link to="/terms">Terms &amp; Conditions</Link>.
        </p>
      }
      sections={SECTIONS}
      links={[
        { to: '/', label: 'Back to Home' },
        { to: '/terms', label: 'Terms & Conditions' },
      ]}
    />
  );
}
