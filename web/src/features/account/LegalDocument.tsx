import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatUkDate } from '../../lib/format';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

interface LegalDocumentProps {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
  links: { to: string; label: string }[];
}

/** Shared frame of the Terms and Privacy pages: dates, contents, numbered sections, links onward. */
export function LegalDocument({ title, intro, sections, links }: LegalDocumentProps) {
  const today = formatUkDate(new Date());
  return (
    <article className="page page--narrow legal">
      <h1>{title}</h1>
      <p className="legal__dates">
        Last updated: {today}
        <br />
        Effective date: {today}
      </p>
      {intro}
      <nav aria-label="Contents" className="legal__contents">
        <h2>Contents</h2>
        <ol>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
          <h2 id={`${section.id}-heading`}>
            {index + 1}. {section.title}
          </h2>
          {section.body}
        </section>
      ))}
      <p className="legal__links">
        {links.map((link) => (
          <Link key={link.to} to={link.to}>
            {link.label}
          </Link>
        ))}
      </p>
    </article>
  );
}

/** Placeholder contact details, to be replaced with the operator's real ones before launch. */
export const CONTACT = {
  company: 'Cull Log Ltd',
  address: '[Registered office address], [Town], [Postcode], England',
  companyNumber: '[Company number]',
  email: 'support@example.com',
  privacyEmail: 'privacy@example.com',
  phone: '[Telephone number]',
};
