import { useId, type Ref } from 'react';

/** The files an import reads, by extension and type, so a phone's picker offers them and little else. */
const ACCEPTED = [
  '.csv',
  '.xlsx',
  '.ods',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.oasis.opendocument.spreadsheet',
].join(',');

interface FileChooserProps {
  fileName: string | undefined;
  onChoose(file: File): void;
  inputRef: Ref<HTMLInputElement>;
}

/**
 * The browser's own file input, drawn as a large button: a phone opens its files or its cloud drives, the keyboard
 * reaches it as any input, and the name of the file chosen stays beside it.
 */
export function FileChooser({ fileName, onChoose, inputRef }: FileChooserProps) {
  const hintId = useId();
  return (
    <div className="import-file">
      <label className="import-file__button button button--primary">
        <input
          ref={inputRef}
          type="file"
          className="import-file__input"
          accept={ACCEPTED}
          aria-describedby={hintId}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // The same file chosen again after a change to it is read afresh.
            event.target.value = '';
            if (file) onChoose(file);
          }}
        />
        {fileName === undefined ? 'Choose a file' : 'Choose another file'}
      </label>
      <p id={hintId} className="form__hint">
        {fileName === undefined
          ? 'A CSV file, or an Excel (XLSX) or OpenDocument (ODS) spreadsheet.'
          : `Chosen: ${fileName}`}
      </p>
    </div>
  );
}

/** How much of the file has gone up, as a bar and in words. */
export function UploadProgress({ sent }: { sent: number }) {
  const percent = Math.round(sent * 100);
  const labelId = useId();
  return (
    <div className="import-progress">
      <span id={labelId}>{percent < 100 ? `Uploading: ${percent}%` : 'Reading the file...'}</span>
      <progress className="import-progress__bar" aria-labelledby={labelId} max={100} value={percent} />
    </div>
  );
}

/** A failed step's message, focused as it appears so it is read at once. */
export function ImportError({ message, focusRef }: { message: string; focusRef: Ref<HTMLDivElement> }) {
  return (
    <div className="status status--error" role="alert" tabIndex={-1} ref={focusRef}>
      {message}
    </div>
  );
}
