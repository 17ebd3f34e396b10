import { formatDateUk, type LarderFields } from '@cull-log/domain';
import { a4Document, drawPdfTable, PDF_MARGIN as MARGIN, type PdfColumn } from '@cull-log/service-kit/pdf';

/** Everything a declaration shows: its number, when it was first issued, the dealer and each carcass. */
export interface Declaration {
  number: number;
  /** When the number was first issued (ISO). */
  issuedAt: string;
  /** The game dealer or game handling establishment; empty when the record names none. */
  dealer: string;
  /** In the order they were killed. */
  carcasses: readonly LarderFields[];
}

const COLUMNS = [
  { header: 'Tag', width: 60 },
  { header: 'Species and sex', width: 90 },
  { header: 'Date and time of kill', width: 100 },
  { header: 'Place of kill', width: 150 },
  { header: 'Examined by (certificate)', width: 115 },
] as const satisfies readonly PdfColumn[];

/** The date (DD/MM/YYYY) a moment falls on in Europe/London. */
function londonDay(iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year}`;
}

function examiner(carcass: LarderFields): string {
  const inspection = carcass.inspection;
  if (inspection === undefined) return '';
  return inspection.certificate_number === undefined
    ? inspection.examined_by
    : `${inspection.examined_by} (${inspection.certificate_number})`;
}

function cells(carcass: LarderFields): string[] {
  return [
    carcass.carcass_tag ?? '',
    `${carcass.species}, ${carcass.sex.toLowerCase()}`,
    `${formatDateUk(carcass.date)} ${carcass.time}`,
    // The grid reference on a line of its own, never broken.
    carcass.grid_ref === undefined ? carcass.location_name : `${carcass.location_name}\n${carcass.grid_ref}`,
    examiner(carcass),
  ];
}

/** The statement the examiners make, in the words of Regulation (EC) 853/2004 Annex III Section IV. */
function statement(carcasses: readonly LarderFields[]): string {
  const examiners = [...new Set(carcasses.map(examiner))];
  const who =
    examiners.length === 1
      ? `I, ${examiners[0]}, a trained person within the meaning of Regulation (EC) No 853/2004, Annex III, Section IV,`
      : 'We, the trained persons named against each carcass below, within the meaning of Regulation (EC) No 853/2004, Annex III, Section IV,';
  const these = carcasses.length === 1 ? 'the carcass and viscera' : 'each carcass and its viscera';
  return (
    `${who} declare that ${these} listed below were examined soon after the kill; that no abnormal ` +
    'characteristics were found; that no abnormal behaviour was observed before the kill; and that there is no ' +
    'suspicion of environmental contamination.'
  );
}

/** The trained hunter's declaration as a PDF (A4), made on the server. */
export async function declarationPdf(declaration: Declaration): Promise<Buffer> {
  const { document, finished } = a4Document({
    Title: `Trained hunter's declaration ${declaration.number}`,
    Subject: 'Declaration for wild game sent to a game handling establishment',
  });

  const width = document.page.width - 2 * MARGIN;
  document.font('bold').fontSize(18).text("Trained hunter's declaration", { width });
  document.moveDown(0.3);
  document.font('regular').fontSize(11);
  document.text(`Declaration number: ${declaration.number}`);
  document.text(`Date of declaration: ${londonDay(declaration.issuedAt)}`);
  document.text(`Game dealer: ${declaration.dealer === '' ? 'not named' : declaration.dealer}`);
  document.text(`Carcasses: ${declaration.carcasses.length}`);
  document.moveDown();
  document.fontSize(10).text(statement(declaration.carcasses), { width });
  document.moveDown();

  drawPdfTable(document, COLUMNS, declaration.carcasses.map(cells));

  document.moveDown(2);
  document.x = MARGIN;
  const examiners = [...new Set(declaration.carcasses.map(examiner))];
  document.font('regular').fontSize(10);
  for (const name of examiners) {
    if (document.y > document.page.height - MARGIN - 60) document.addPage();
    document.text(`Signed: ________________________________   ${name}`, MARGIN, document.y, { width });
    document.moveDown(0.5);
    document.text('Date: ____________________', { width });
    document.moveDown(1.2);
  }
  document
    .fontSize(8)
    .fillColor('#444444')
    .text(
      'A carcass with abnormal characteristics, abnormal behaviour before the kill or suspected environmental ' +
        'contamination is not covered by this declaration and goes to the establishment with its head and viscera.',
      MARGIN,
      document.y,
      { width },
    );
  document.end();
  return finished;
}
