import { Link } from 'react-router-dom';
import { CONTACT, LegalDocument, type LegalSection } from './LegalDocument';

const SECTIONS: LegalSection[] = [
  {
    id: 'about',
    title: 'About these terms',
    body: (
      <>
        <p>
          These terms and conditions govern your use of Cull Log (the &ldquo;service&rdquo;), provided by{' '}
          {CONTACT.company} (&ldquo;we&rdquo;, &ldquo;us&rdquo;, &ldquo;our&rdquo;). By signing in or using
          the service you agree to them. If you do not agree, please do not use the service.
        </p>
        <p>
          Please read them together with our <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'service',
    title: 'The service',
    body: (
      <>
        <p>
          Cull Log is an online record-keeping tool for stalkers, wildlife managers and land managers. It lets
          you record, view, map, analyse and export your own wildlife cull records.
        </p>
        <p>
          <strong>
            The service is a record-keeping tool only. It does not grant, imply or evidence any permission,
            licence or authority to cull any animal.
          </strong>{' '}
          Figures and reports shown by the service are for your information; you remain responsible for
          checking that they are accurate before relying on them or passing them to anyone else.
        </p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account and Google sign-in',
    body: (
      <>
        <p>
          You sign in with a Google account. Google&apos;s own terms apply to that account, and we receive
          only your name, e-mail address and a Google account identifier. You must keep your Google account
          secure; anything done in Cull Log while you are signed in is treated as done by you.
        </p>
        <p>
          Tell us straight away at {CONTACT.email} if you think someone else has used your account. You must
          give accurate information and must not sign in as anyone else.
        </p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <p>You must not:</p>
        <ul>
          <li>
            use the service for any unlawful purpose or to record unlawful activity as if it were lawful;
          </li>
          <li>
            try to reach records, accounts or systems that are not yours, or test our security without our
            written permission;
          </li>
          <li>
            upload malicious code, or overload, disrupt or harvest data from the service by automated means;
          </li>
          <li>resell or provide the service to others without our written agreement.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'wildlife-law',
    title: 'Wildlife law compliance',
    body: (
      <>
        <p>
          You are solely responsible for making sure that every cull you carry out and record is lawful. This
          includes, where they apply, the Deer Act 1991, the Wildlife and Countryside Act 1981, the Animal
          Welfare Act 2006, the Firearms Acts, close seasons, night-shooting authorisations, and any
          landowner, tenancy, licence or management-plan conditions.
        </p>
        <p>
          Recording a cull in Cull Log does not make it lawful and is not a substitute for any record, return
          or notice the law or a licence requires you to keep or make.
        </p>
      </>
    ),
  },
  {
    id: 'data-protection',
    title: 'Data protection and your rights',
    body: (
      <p>
        We handle personal data in line with the UK General Data Protection Regulation and the Data Protection
        Act 2018. Our <Link to="/privacy">Privacy Policy</Link> explains what we collect, why, how long we
        keep it and how to use your rights, including getting a copy of your data or having it deleted. Your
        cull records belong to you and you can export them as a CSV file at any time.
      </p>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    body: (
      <p>
        We use a strictly necessary cookie to keep you signed in, and store your cookie choice on your device.
        Any optional analytics run only if you choose &ldquo;Accept All&rdquo;. See the cookies section of our{' '}
        <Link to="/privacy#cookies">Privacy Policy</Link> for details.
      </p>
    ),
  },
  {
    id: 'consumer-rights',
    title: 'Your rights as a UK consumer',
    body: (
      <p>
        If you use the service as a consumer, you have legal rights under the Consumer Rights Act 2015,
        including that digital content and services are supplied with reasonable care and skill and as
        described. Nothing in these terms affects those rights. Advice about your rights is available from
        Citizens Advice.
      </p>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual property',
    body: (
      <p>
        The service, its software, design and text belong to us or our licensors. You keep all rights in the
        records you enter. You give us a licence to store, process and display them only so far as needed to
        provide the service to you. Map data is &copy; OpenStreetMap contributors and is used under the Open
        Database Licence.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Our liability to you',
    body: (
      <>
        <p>
          Nothing in these terms limits or excludes our liability for death or personal injury caused by our
          negligence, for fraud or fraudulent misrepresentation, or for anything else that cannot be limited
          or excluded under English law.
        </p>
        <p>
          Otherwise, we are not liable for losses that were not foreseeable, for business losses (such as loss
          of profit or opportunity), or for any fine, penalty or prosecution arising from a cull you carried
          out. Our total liability to you in connection with the service is limited to the greater of £100 and
          the amount you have paid us for the service in the 12 months before the claim arose.
        </p>
      </>
    ),
  },
  {
    id: 'availability',
    title: 'Availability of the service',
    body: (
      <p>
        We aim to keep the service available at all times but do not promise that it will be uninterrupted or
        free of errors. We may suspend it for maintenance, security or reasons beyond our control. We
        recommend exporting your records regularly as your own backup.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Ending your use of the service',
    body: (
      <p>
        You may stop using the service at any time and delete your account and records yourself (Your data, in
        the menu). We may suspend or close your account if you seriously or repeatedly break these terms, or
        if we stop providing the service; unless the law or a security risk prevents it, we will give you
        reasonable notice and a chance to export your records first.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms, for example to reflect changes in the law or in the service. We will show
        the new date at the top of this page and, for significant changes, tell you when you next sign in. If
        you do not accept the changes you may stop using the service and ask us to delete your data.
      </p>
    ),
  },
  {
    id: 'disputes',
    title: 'Disputes',
    body: (
      <p>
        If you have a complaint, please contact us first at {CONTACT.email} and we will try to resolve it
        quickly and fairly. If we cannot, you may take the matter to the courts as set out below.
      </p>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing law',
    body: (
      <p>
        These terms are governed by English law. You and we both agree that the courts of England and Wales
        have jurisdiction, except that if you live in Scotland or Northern Ireland you may also bring
        proceedings in your local courts.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <address>
        {CONTACT.company}, company number {CONTACT.companyNumber}
        <br />
        {CONTACT.address}
        <br />
        E-mail: {CONTACT.email}
        <br />
        Telephone: {CONTACT.phone}
      </address>
    ),
  },
  {
    id: 'severability',
    title: 'Severability',
    body: (
      <p>
        If a court decides that any part of these terms is invalid or unenforceable, the rest of the terms
        will continue to apply in full.
      </p>
    ),
  },
];

export default function TermsPage() {
  return (
    <LegalDocument
      title="Terms & Conditions"
      intro={<p>Please read these terms carefully before using Cull Log.</p>}
      sections={SECTIONS}
      links={[{ to: '/', label: 'Back to Home' }]}
    />
  );
}
