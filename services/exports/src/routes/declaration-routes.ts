import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { AfterQuery, DECLARATION_NUMBER_HEADER, DeclarationRequest } from '@cull-log/contracts';
import { declarationRefusal } from '@cull-log/domain';
import type { ProjectionRoutes } from '@cull-log/projection';
import { HttpError } from '@cull-log/service-kit';
import { declarationKey } from '../declarations/declaration-key';
import { declarationPdf } from '../declarations/declaration-pdf';
import type { ExportStore } from '../store/export-store';

const CullId = z.uuid();
const notFound = () => new HttpError(404, 'not_found', 'No such record');

/**
 * Trained-hunter declarations as PDF: one carcass (GET /culls/:id/declaration.pdf, to the dealer its record names),
 * or a consignment of several to one dealer (POST /declarations). Each has a number of the user's, kept for good;
 * the user's register (GET /account/declarations.json) goes into their account download.
 */
export const declarationRoutes: ProjectionRoutes<ExportStore> = async (
  app,
  { store, now, waitForPosition },
) => {
  async function declare(reply: FastifyReply, userId: string, recordIds: string[], dealer?: string) {
    const rows = await store.larderRows(userId, recordIds);
    // Another user's record is answered as one that does not exist.
    if (rows.length !== recordIds.length) throw notFound();
    const refusals = rows.flatMap((row) => declarationRefusal(row.fields) ?? []);
    if (refusals.length > 0) throw new HttpError(409, 'not_declarable', refusals.join(' '));
    const to = dealer ?? rows[0]?.fields.game_dealer ?? '';
    const issued = await store.declaration(userId, declarationKey(recordIds, to), {
      recordIds,
      dealer: to,
      now: now(),
    });
    const pdf = await declarationPdf({ ...issued, dealer: to, carcasses: rows.map((row) => row.fields) });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="declaration-${issued.number}.pdf"`)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .header(DECLARATION_NUMBER_HEADER, String(issued.number))
      .send(pdf);
  }

  app.get<{ Params: { id: string } }>('/culls/:id/declaration.pdf', async (request, reply) => {
    const parsed = CullId.safeParse(request.params.id);
    if (!parsed.success) throw notFound();
    const { after } = AfterQuery.parse(request.query);
    if (after !== undefined) await waitForPosition(after);
    return declare(reply, request.identity.uid, [parsed.data.toLowerCase()]);
  });

  // Not derived from the log (a rebuild keeps it), so the download has it from here, not from the events.
  app.get('/account/declarations.json', async (request, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(await store.declarationsOf(request.identity.uid), null, 2)),
  );

  app.post('/declarations', async (request, reply) => {
    const { record_ids: recordIds, dealer, after } = DeclarationRequest.parse(request.body);
    if (after !== undefined) await waitForPosition(after);
    return declare(
      reply,
      request.identity.uid,
      recordIds.map((id) => id.toLowerCase()),
      dealer,
    );
  });
};
