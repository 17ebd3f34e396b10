import { formatDateUk, formatMonthUk } from '@cull-log/domain';
import { a4Document, drawPdfTable, PDF_MARGIN as MARGIN, type PdfColumn } from '@cull-log/service-kit/pdf';
import type { SeasonReport } from './season-report';

const number = (value: number | null) => (value === null ? '–' : String(value));
const kilograms = (value: number | null) => (value === null ? '–' : `${value.toFixed(1)} kg`);
const startLabel = (start: string) => (start === '08-01' ? '1 August' : '1 April');

/** The season summary a manager sends the landowner or the deer management group, as a PDF (A4). */
export async function seasonReportPdf(report: SeasonReport): Promise<Buffer> {
  const { document, finished } = a4Document({
    Title: `Season report ${report.season.label}`,
    Author: report.team?.name ?? report.stalker,
  });
  const width = document.page.width - 2 * MARGIN;

  function heading(text: string): void {
    if (document.y > document.page.height - MARGIN - 80) document.addPage();
    document.x = MARGIN;
    document.moveDown(0.8);
    document.font('bold').fontSize(12).fillColor('#000000').text(text, MARGIN, document.y, { width });
    document.moveDown(0.3);
  }
  function line(text: string): void {
    document.font('regular').fontSize(10).fillColor('#000000').text(text, MARGIN, document.y, { width });
  }
  const table = (columns: readonly PdfColumn[], rows: readonly string[][]) =>
    drawPdfTable(document, columns, rows);

  document.font('bold').fontSize(18).text(`Season report ${report.season.label}`, { width });
  document.moveDown(0.3);
  if (report.team === undefined) line(`Stalker: ${report.stalker}`);
  else {
    document.font('bold').fontSize(14).text(report.team.name, { width });
    document.moveDown(0.2);
    line(`Made by: ${report.stalker}`);
  }
  line(
    `Season: ${formatDateUk(report.season.from)} to ${formatDateUk(report.season.to)} ` +
      `(seasons start on ${startLabel(report.seasonStart)})`,
  );
  line(`Made on: ${formatDateUk(report.madeOn)}`);
  line(`Culled in the season: ${report.total}`);

  heading('Against the cull plan');
  if (report.plan.length === 0) line('No culls and no plan for this season.');
  else {
    table(
      [
        { header: 'Ground', width: 130 },
        { header: 'Species', width: 110 },
        { header: 'Class', width: 70 },
        { header: 'Target', width: 60, align: 'right' },
        { header: 'Culled', width: 60, align: 'right' },
        { header: 'Left', width: 85, align: 'right' },
      ],
      report.plan.map((row) => [
        row.ground,
        row.species,
        row.class,
        row.target === null ? 'no target' : String(row.target),
        String(row.actual),
        row.exceeded ? `exceeded by ${row.actual - (row.target ?? 0)}` : number(row.left),
      ]),
    );
  }

  if (report.team !== undefined) {
    heading('By member');
    if (report.team.members.length === 0) line('No culls on the team’s grounds in this season.');
    else
      table(
        [
          { header: 'Member', width: 220 },
          { header: 'Species', width: 160 },
          { header: 'Culled', width: 80, align: 'right' },
        ],
        report.team.members.map((row) => [row.member, row.species, String(row.count)]),
      );
  }

  heading('By ground');
  if (report.byGround.length === 0) line('No culls in this season.');
  else
    table(
      [
        { header: 'Ground', width: 300 },
        { header: 'Culled', width: 80, align: 'right' },
      ],
      report.byGround.map((row) => [row.ground, String(row.count)]),
    );

  heading('By month');
  table(
    [
      { header: 'Month', width: 300 },
      { header: 'Culled', width: 80, align: 'right' },
    ],
    report.byMonth.map((row) => [formatMonthUk(row.month), String(row.count)]),
  );

  heading('Outings');
  line(`Outings: ${report.outings.outings}`);
  line(`Blank outings: ${report.outings.blank_outings}`);
  line(`Hours out: ${report.outings.hours_out.toFixed(1)}`);
  line(
    `Hours per deer: ${report.outings.hours_per_deer === null ? '–' : report.outings.hours_per_deer.toFixed(1)}`,
  );

  heading('Average weights');
  if (report.weights.length === 0) line('No culls in this season.');
  else
    table(
      [
        { header: 'Species', width: 150 },
        { header: 'Sex', width: 80 },
        { header: 'Culled', width: 70, align: 'right' },
        { header: 'Weighed', width: 70, align: 'right' },
        { header: 'Average', width: 90, align: 'right' },
      ],
      report.weights.map((row) => [
        row.species,
        row.sex,
        String(row.culled),
        String(row.weighed),
        kilograms(row.averageKg),
      ]),
    );

  heading('Carcass destinations');
  if (report.total === 0) line('No culls in this season.');
  else
    table(
      [
        { header: 'Destination', width: 300 },
        { header: 'Carcasses', width: 80, align: 'right' },
      ],
      report.destinations.map((row) => [row.destination, String(row.count)]),
    );

  heading('Legal warnings');
  if (report.total === 0) line('No culls in this season.');
  else {
    table(
      [
        { header: 'Warning', width: 300 },
        { header: 'Records', width: 80, align: 'right' },
      ],
      report.warnings.map((row) => [row.warning, String(row.count)]),
    );
    line(
      'A warning is not a finding: a licence, the occupier’s exemption or ending the suffering of an injured deer ' +
        'may make a cull lawful. Each record’s warning says which.',
    );
  }

  document.end();
  return finished;
}
