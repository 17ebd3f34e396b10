import { vi } from 'vitest';

/** One upload the page sent through XMLHttpRequest, for a test to look at and to answer. */
export interface SentUpload {
  method: string;
  url: string;
  form: FormData;
  /** A multipart field sent as JSON text, read back; undefined when it was not sent. */
  field(name: string): unknown;
  file(): File;
  /** Reports `loaded` of `total` bytes sent, as the browser does while the body goes up. */
  progress(loaded: number, total: number): void;
  /** Answers with `body` as JSON (or as the text given), as the server would. */
  respond(status: number, body: unknown): void;
  /** The connection lost before any answer. */
  fail(): void;
  readonly aborted: boolean;
}

/**
 * Replaces XMLHttpRequest (which the page uses for uploads, for their progress) with one that records each request and
 * lets the test send progress and the answer; `answer`, when given, answers each upload as it is sent.
 */
export function fakeUploads(answer?: (upload: SentUpload) => void) {
  const sent: SentUpload[] = [];

  class FakeXMLHttpRequest extends EventTarget {
    readonly upload = new EventTarget();
    status = 0;
    responseText = '';
    timeout = 0;
    private method = '';
    private url = '';
    private done = false;

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader() {}

    send(body: FormData) {
      let aborted = false;
      const upload: SentUpload = {
        method: this.method,
        url: this.url,
        form: body,
        field(name) {
          const value = body.get(name);
          return typeof value === 'string' ? (JSON.parse(value) as unknown) : undefined;
        },
        file() {
          const file = body.get('file');
          if (!(file instanceof File)) throw new Error('No file was sent');
          return file;
        },
        progress: (loaded, total) => {
          this.upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded, total }));
        },
        respond: (status, responseBody) => {
          if (this.done) return;
          this.done = true;
          this.status = status;
          this.responseText = typeof responseBody === 'string' ? responseBody : JSON.stringify(responseBody);
          this.dispatchEvent(new Event('load'));
        },
        fail: () => {
          if (this.done) return;
          this.done = true;
          this.dispatchEvent(new Event('error'));
        },
        get aborted() {
          return aborted;
        },
      };
      this.addEventListener('abort', () => {
        aborted = true;
      });
      sent.push(upload);
      if (answer) queueMicrotask(() => answer(upload));
    }

    abort() {
      if (this.done) return;
      this.done = true;
      this.dispatchEvent(new Event('abort'));
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest);
  return {
    sent,
    last(): SentUpload {
      const upload = sent.at(-1);
      if (!upload) throw new Error('Nothing was uploaded');
      return upload;
    },
  };
}
