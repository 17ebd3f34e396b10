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
const DECLARATION_NOT_MADE =
  'No declaration has been made for this carcass yet: make one from the larder book, which gives it its number';

/**
 * Trained-hunter declarations as PDF: one carcass (POST /culls/:id/declaration.pdf, to the dealer its record names),
 * or a consignment of several to one dealer (POST /declarations). Each has a number of the user's, kept for good;
 * the user's register (GET /account/declarations.json) goes into their account download. Issuing a number changes
 * the register, so only a POST issues one; GET /culls/:id/declaration.pdf reads again the declaration already issued
 * for the carcass.
 */
export const declarationRoutes: ProjectionRoutes<ExportStore> = async (
  app,
  { store, now, waitForPosition },
) => {
  async function declare(
    reply: FastifyReply,
    userId: string,
    recordIds: string[],
    { dealer, issue }: { dealer?: string; issue: boolean },
  ) {
    const rows = await store.larderRows(userId, recordIds);
    // Another user's record is answered as one that does not exist.
    if (rows.length !== recordIds.length) throw notFound();
    const refusals = rows.flatMap((row) => declarationRefusal(row.fields) ?? []);
    if (refusals.length > 0) throw new HttpError(409, 'not_declarable', refusals.join(' '));
    const to = dealer ?? rows[0]?.fields.game_dealer ?? '';
    const key = declarationKey(recordIds, to);
    const issued = issue
      ? await store.declaration(userId, key, { recordIds, dealer: to, now: now() })
      : await store.issuedDeclaration(userId, key);
    if (issued === undefined) throw new HttpError(404, 'not_found', DECLARATION_NOT_MADE);
    const pdf = await declarationPdf({ ...issued, dealer: to, carcasses: rows.map((row) => row.fields) });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="declaration-${issued.number}.pdf"`)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .header(DECLARATION_NUMBER_HEADER, String(issued.number))
      .send(pdf);
  }

  for (const method of ['GET', 'POST'] as const) {
    app.route<{ Params: { id: string } }>({
      method,
      url: '/culls/:id/declaration.pdf',
      handler: async (request, reply) => {
        const parsed = CullId.safeParse(request.params.id);
        if (!parsed.success) throw notFound();
        const { after } = AfterQuery.parse(request.query);
        if (after !== undefined) await waitForPosition(after);
        return declare(reply, request.identity.uid, [parsed.data.toLowerCase()], {
          issue: method === 'POST',
        });
      },
    });
  }

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
      { dealer, issue: true },
    );
  });
};
