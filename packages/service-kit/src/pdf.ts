import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);

/** DejaVu Sans, embedded as the subset used, so a Welsh name (Ŵ, Ŷ) prints as written. */
const FONTS = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
} as const;

/** The margin of every page, in points. */
export const PDF_MARGIN = 40;
const CELL_PADDING = 4;

/** An A4 document in the app's fonts ('regular', 'bold'), and its bytes once `document.end()` is called. */
export function a4Document(info: PDFKit.DocumentInfo): {
  document: PDFKit.PDFDocument;
  finished: Promise<Buffer>;
} {
  const document = new PDFDocument({ size: 'A4', margin: PDF_MARGIN, info });
  document.registerFont('regular', FONTS.regular);
  document.registerFont('bold', FONTS.bold);
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });
  return { document, finished };
}

export interface PdfColumn {
  header: string;
  width: number;
  align?: 'left' | 'right';
}

/** A ruled table at the left margin: a bold header row, then the rows, each as tall as its tallest cell. */
export function drawPdfTable(
  document: PDFKit.PDFDocument,
  columns: readonly PdfColumn[],
  rows: readonly (readonly string[])[],
): void {
  const cellWidth = (index: number) => (columns[index]?.width ?? 0) - 2 * CELL_PADDING;
  const drawRow = (values: readonly string[], bold: boolean) => {
    document.font(bold ? 'bold' : 'regular').fontSize(9);
    const height = Math.max(
      ...values.map(
        (value, index) => document.heightOfString(value, { width: cellWidth(index) }) + 2 * CELL_PADDING,
      ),
    );
    if (document.y + height > document.page.height - PDF_MARGIN) document.addPage();
    const top = document.y;
    let x = PDF_MARGIN;
    values.forEach((value, index) => {
      const columnWidth = columns[index]?.width ?? 0;
      document.rect(x, top, columnWidth, height).lineWidth(0.5).stroke('#555555');
      document.fillColor('#000000').text(value, x + CELL_PADDING, top + CELL_PADDING, {
        width: cellWidth(index),
        align: bold ? 'left' : (columns[index]?.align ?? 'left'),
      });
      x += columnWidth;
    });
    document.y = top + height;
  };
  drawRow(
    columns.map((column) => column.header),
    true,
  );
  for (const row of rows) drawRow(row, false);
  document.x = PDF_MARGIN;
}
