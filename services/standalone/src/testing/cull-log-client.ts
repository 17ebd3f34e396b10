import {
  EVENT_POSITION_HEADER,
  ListCullsResponse,
  Me,
  PlanProgressResponse,
  StatsResponse,
  type AmendCullRequest,
  type Cull,
  type RecordCullRequest,
} from '@cull-log/contracts';

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

export class UnexpectedAnswerError extends Error {
  constructor(
    readonly request: string,
    readonly answer: Answer,
  ) {
    super(`${request} answered ${answer.status}: ${answer.text.slice(0, 500)}`);
  }
}

/**
 * A user of the public API, as the browser is: one session cookie, and an Origin header naming the app
 * (the gateway refuses writes from anywhere else).
 */
export class CullLogClient {
  private cookie: string | undefined;
  /** The address signed in with, typed again to sign in again before the account's erasure. */
  private email: string | undefined;

  /**
   * @param baseUrl where requests go, e.g. http://127.0.0.1:3000
   * @param publicUrl the app's own address (PUBLIC_URL), sent as the Origin of every request
   */
  constructor(
    readonly baseUrl: string,
    private readonly publicUrl: string,
  ) {}

  async send(method: string, path: string, body?: unknown): Promise<Answer> {
    const headers: Record<string, string> = { origin: new URL(this.publicUrl).origin };
    if (this.cookie !== undefined) headers.cookie = this.cookie;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const setCookie = response.headers.getSetCookie().find((cookie) => cookie.startsWith('cull_session='));
    if (setCookie !== undefined) this.cookie = setCookie.split(';')[0];
    return { status: response.status, headers: response.headers, text: await response.text() };
  }

  private async expect(method: string, path: string, status: number, body?: unknown): Promise<Answer> {
    const answer = await this.send(method, path, body);
    if (answer.status !== status) throw new UnexpectedAnswerError(`${method} ${path}`, answer);
    return answer;
  }

  async signIn(name: string, email: string): Promise<Me> {
    const answer = await this.expect('POST', '/auth/dev/login', 200, { name, email });
    this.email = email;
    return Me.parse(JSON.parse(answer.text));
  }

  async recordCull(fields: RecordCullRequest): Promise<{ cull: Cull; position: number }> {
    const answer = await this.expect('POST', '/api/culls', 201, fields);
    return { cull: JSON.parse(answer.text) as Cull, position: positionOf(answer) };
  }

  async amendCull(id: string, changes: AmendCullRequest): Promise<{ cull: Cull; position: number }> {
    const answer = await this.expect('PATCH', `/api/culls/${id}`, 200, changes);
    return { cull: JSON.parse(answer.text) as Cull, position: positionOf(answer) };
  }

  async deleteCull(id: string): Promise<{ position: number }> {
    return { position: positionOf(await this.expect('DELETE', `/api/culls/${id}`, 204)) };
  }

  /** Every record of the user (the tests keep fewer than one page). */
  async listCulls(): Promise<ListCullsResponse> {
    const answer = await this.expect('GET', '/api/culls?page_size=100&sort=created_at&order=asc', 200);
    return ListCullsResponse.parse(JSON.parse(answer.text));
  }

  /** The dashboard figures, at least as fresh as `after` unless the projection is still behind after its wait. */
  async stats(after?: number): Promise<StatsResponse> {
    const answer = await this.expect(
      'GET',
      after === undefined ? '/api/stats' : `/api/stats?after=${after}`,
      200,
    );
    return StatsResponse.parse(JSON.parse(answer.text));
  }

  /** Uploads a spreadsheet to import, with its options as JSON fields; answers what the gateway said. */
  async uploadImport(
    file: { name: string; type: string; bytes: Buffer | string },
    options: Record<string, unknown> = {},
  ): Promise<Answer> {
    const form = new FormData();
    for (const [name, value] of Object.entries(options)) form.append(name, JSON.stringify(value));
    form.append('file', new Blob([file.bytes], { type: file.type }), file.name);
    const headers: Record<string, string> = { origin: new URL(this.publicUrl).origin };
    if (this.cookie !== undefined) headers.cookie = this.cookie;
    const response = await fetch(new URL('/api/imports', this.baseUrl), {
      method: 'POST',
      headers,
      body: form,
      signal: AbortSignal.timeout(60_000),
    });
    return { status: response.status, headers: response.headers, text: await response.text() };
  }

  /** Adds a photo to one of the user's records; answers what the gateway said. */
  async uploadPhoto(recordId: string, file: { name: string; type: string; bytes: Buffer }): Promise<Answer> {
    const form = new FormData();
    form.append('photo', new Blob([file.bytes], { type: file.type }), file.name);
    const headers: Record<string, string> = { origin: new URL(this.publicUrl).origin };
    if (this.cookie !== undefined) headers.cookie = this.cookie;
    const response = await fetch(new URL(`/api/culls/${encodeURIComponent(recordId)}/photos`, this.baseUrl), {
      method: 'POST',
      headers,
      body: form,
      signal: AbortSignal.timeout(60_000),
    });
    return { status: response.status, headers: response.headers, text: await response.text() };
  }

  async csv(): Promise<Answer> {
    return this.expect('GET', '/api/exports/culls.csv', 200);
  }

  /** A season's plan progress (`2026-27`), at least as fresh as `after` unless the projection is still behind. */
  async planProgress(season: string, after: number): Promise<PlanProgressResponse> {
    const answer = await this.expect('GET', `/api/plans/${season}/progress?after=${after}`, 200);
    return PlanProgressResponse.parse(JSON.parse(answer.text));
  }

  /** The season report's PDF, whole. */
  async seasonReport(season: string): Promise<{ headers: Headers; pdf: Buffer }> {
    const headers: Record<string, string> = { origin: new URL(this.publicUrl).origin };
    if (this.cookie !== undefined) headers.cookie = this.cookie;
    const path = `/api/reports/season.pdf?season=${season}`;
    const response = await fetch(new URL(path, this.baseUrl), {
      headers,
      signal: AbortSignal.timeout(30_000),
    });
    if (response.status !== 200) {
      const answer = { status: response.status, headers: response.headers, text: await response.text() };
      throw new UnexpectedAnswerError(`GET ${path}`, answer);
    }
    return { headers: response.headers, pdf: Buffer.from(await response.arrayBuffer()) };
  }

  /** The "download everything" zip, whole. */
  async exportAccount(): Promise<Buffer> {
    const headers: Record<string, string> = { origin: new URL(this.publicUrl).origin };
    if (this.cookie !== undefined) headers.cookie = this.cookie;
    const response = await fetch(new URL('/api/account/export', this.baseUrl), {
      headers,
      signal: AbortSignal.timeout(60_000),
    });
    if (response.status !== 200) {
      const answer = { status: response.status, headers: response.headers, text: await response.text() };
      throw new UnexpectedAnswerError('GET /api/account/export', answer);
    }
    return Buffer.from(await response.arrayBuffer());
  }

  /**
   * Erases the account as the web page does: signs in again (the development sign-in's e-mail address typed again),
   * then confirms with the word typed. Answers what the gateway said (the session is gone afterwards).
   */
  async eraseAccount(): Promise<{ erased: boolean; events: number }> {
    await this.expect('POST', '/auth/dev/reauthenticate', 204, { email: this.email });
    const answer = await this.expect('DELETE', '/api/account', 200, { confirmation: 'DELETE' });
    return JSON.parse(answer.text) as { erased: boolean; events: number };
  }
}

function positionOf(answer: Answer): number {
  const position = Number(answer.headers.get(EVENT_POSITION_HEADER));
  if (!Number.isInteger(position) || position < 1) {
    throw new Error(`The write answered without a valid ${EVENT_POSITION_HEADER} header`);
  }
  return position;
}
