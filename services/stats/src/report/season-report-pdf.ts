import { COUNT_METHOD_LABELS } from '@cull-log/contracts';
import { formatDateUk, formatMonthUk } from '@cull-log/domain';
import { a4Document, drawPdfTable, PDF_MARGIN as MARGIN, type PdfColumn } from '@cull-log/service-kit/pdf';
import type { GroundDeerManagementReport } from './deer-management-report';
import type { SeasonReport } from './season-report';

const number = (value: number | null) => (value === null ? '–' : String(value));
const kilograms = (value: number | null) => (value === null ? '–' : `${value.toFixed(1)} kg`);
const startLabel = (start: string) => (start === '08-01' ? '1 August' : '1 April');
const decimal = (value: number | null, places: number) => (value === null ? '–' : value.toFixed(places));

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

  function subheading(text: string): void {
    document.x = MARGIN;
    document.moveDown(0.4);
    document.font('bold').fontSize(10).fillColor('#000000').text(text, MARGIN, document.y, { width });
    document.moveDown(0.2);
  }

  /** A ground's counts, density, effort and suggested cull against the plan and the actual cull. */
  function deerManagement(ground: GroundDeerManagementReport): void {
    heading(`Deer management: ${ground.name}`);
    line(
      ground.areaKm2 === null
        ? 'Area: no boundary drawn, so no density and no suggested cull'
        : `Area: ${ground.areaKm2.toFixed(2)} km²`,
    );
    subheading('Counts');
    if (ground.counts.length === 0) line('No counts in this season.');
    else
      table(
        [
          { header: 'Date', width: 70 },
          { header: 'Method', width: 155 },
          { header: 'Species', width: 100 },
          { header: 'Sex', width: 60 },
          { header: 'Age class', width: 65 },
          { header: 'Count', width: 55, align: 'right' },
        ],
        ground.counts.flatMap((count) => {
          const method =
            count.dung_deer_per_km2 === null
              ? COUNT_METHOD_LABELS[count.method]
              : `${COUNT_METHOD_LABELS[count.method]}, ${count.dung_deer_per_km2.toFixed(1)} per km²`;
          return count.items.length === 0
            ? [[formatDateUk(count.date), method, '–', '', '', '–']]
            : count.items.map((item) => [
                formatDateUk(count.date),
                method,
                item.species,
                item.sex,
                item.age_class,
                String(item.count),
              ]);
        }),
      );
    if (ground.densities.length > 0) {
      subheading('Density');
      table(
        [
          { header: 'Species', width: 130 },
          { header: 'Deer', width: 60, align: 'right' },
          { header: 'Per km²', width: 70, align: 'right' },
          { header: 'From', width: 245 },
        ],
        ground.densities.map((density) => [
          density.species,
          String(density.count),
          density.density_per_km2.toFixed(1),
          `${COUNT_METHOD_LABELS[density.method]}, ${formatDateUk(density.date)}`,
        ]),
      );
    }
    subheading('Effort');
    const { effort } = ground;
    line(`Outings: ${effort.outings}`);
    line(`Hunter-hours: ${effort.hunter_hours.toFixed(1)}`);
    line(`Deer seen: ${effort.seen}`);
    line(`Sightings per hunter-hour: ${decimal(effort.sightings_per_hunter_hour, 2)}`);
    line(`Hours per deer: ${decimal(effort.hours_per_deer, 1)}`);
    if (ground.againstActual.length > 0) {
      subheading('Suggested against actual');
      table(
        [
          { header: 'Species', width: 130 },
          { header: 'Class', width: 75 },
          { header: 'Suggested', width: 80, align: 'right' },
          { header: 'Plan', width: 70, align: 'right' },
          { header: 'Culled', width: 70, align: 'right' },
        ],
        ground.againstActual.map((row) => [
          row.species,
          row.class,
          number(row.suggested),
          number(row.plan),
          String(row.culled),
        ]),
      );
    }
  }

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

  for (const ground of report.deerManagement) deerManagement(ground);

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
