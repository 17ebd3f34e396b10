import type { ZodOpenApiPathsObject } from 'zod-openapi';
import {
  AccountErasedResponse,
  EndOtherSessionsResponse,
  EraseAccountRequest,
  Me,
  SessionsResponse,
} from '@cull-log/contracts';
import { file, idPath, json, jsonBody, operation } from '../operation-kit';

const tag = 'Account';

/** The gateway's own routes: who is signed in, their sessions, their account. */
export const accountPaths: ZodOpenApiPathsObject = {
  '/api/me': {
    get: operation({
      operationId: 'getMe',
      summary: 'Who is signed in',
      tag,
      access: 'read',
      responses: { 200: json(Me, 'The signed-in user.') },
    }),
  },
  '/api/sessions': {
    get: operation({
      operationId: 'listSessions',
      summary: 'The user’s sessions',
      description: 'Session only: a personal access token never reaches the sessions.',
      tag,
      access: 'session',
      responses: { 200: json(SessionsResponse, 'The live sessions, the most recently used first.') },
    }),
    delete: operation({
      operationId: 'endOtherSessions',
      summary: 'Sign out everywhere else',
      tag,
      access: 'session',
      responses: { 200: json(EndOtherSessionsResponse, 'How many sessions were ended.') },
    }),
  },
  '/api/sessions/{id}': {
    delete: operation({
      operationId: 'endSession',
      summary: 'End one session',
      tag,
      access: 'session',
      requestParams: { path: idPath },
      responses: { 204: { description: 'Ended.' } },
      refusals: [404],
    }),
  },
  '/api/account/export': {
    get: operation({
      operationId: 'exportAccount',
      summary: 'Everything the user has, as a zip',
      description:
        'Profile, sessions, access tokens, events, records (JSON and CSV), grounds, outings, settings, plans, ' +
        'imports, the declaration register and photos; README.txt in the zip says what each file is.',
      tag,
      access: 'session',
      responses: { 200: file('application/zip', 'The zip.') },
    }),
  },
  '/api/account': {
    delete: operation({
      operationId: 'eraseAccount',
      summary: 'Erase the account',
      description:
        'Signs the user out everywhere and ends their access tokens, then erases every event, record, figure and ' +
        'photo of theirs. The body carries the confirmation the user typed (`DELETE`); anything else is refused ' +
        'with 400 and erases nothing. The user must have signed in again within the last five minutes ' +
        '(`/auth/google?reauth=1`, or `POST /auth/dev/reauthenticate` in development): otherwise 403 ' +
        '`reauthentication_required`, and nothing is erased.',
      tag,
      access: 'session',
      requestBody: jsonBody(EraseAccountRequest, 'The confirmation the user typed.'),
      responses: { 200: json(AccountErasedResponse, 'What was erased.') },
      refusals: [400],
    }),
  },
};
