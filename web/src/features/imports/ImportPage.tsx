import type { ImportDefaults, ImportMapping, ImportPreview } from '@cull-log/contracts';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../api/client';
import { useSession } from '../../api/useSession';
import { Button } from '../../ui/Button';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { Select } from '../../ui/Select';
import { useFeedback } from '../../ui/feedback-context';
import { previewImport, type ImportChoices } from './api';
import { CommitStep } from './CommitStep';
import { DefaultsChooser } from './DefaultsChooser';
import { FileChooser, ImportError, UploadProgress } from './FileChooser';
import { ImportList } from './ImportList';
import { LAYOUT_NAMES, sameMapping, saveMapping, savedMappingFor } from './mapping';
import { MappingEditor } from './MappingEditor';
import { Adjustments, ImportWarnings, RefusedRows } from './PreviewDetails';
import { rowCount } from './words';

/** The columns as the preview read them; a recognised file read without a mapping of its own offers each one empty. */
const mappingOf = (preview: ImportPreview): ImportMapping =>
  preview.mapping.length > 0
    ? preview.mapping
    : preview.columns.map((header, column) => ({ column, header, field: null }));

/** What the screen says of a saved mapping: applied by itself to this file, or just saved. */
type MappingNote = 'applied' | 'saved' | undefined;

function PreviewCounts({ preview }: { preview: ImportPreview }) {
  const refusedRows = new Set(preview.rows_refused.map((refusal) => refusal.row)).size;
  return (
    <ul className="import-counts">
      <li>
        <strong>{rowCount(preview.rows_ready)}</strong> ready to import
      </li>
      {preview.duplicates > 0 ? (
        <li>
          <strong>{rowCount(preview.duplicates)}</strong> already in Cull Log, which will be skipped
        </li>
      ) : null}
      {refusedRows > 0 ? (
        <li>
          <strong>{rowCount(refusedRows)}</strong> will not import (listed below)
        </li>
      ) : null}
    </ul>
  );
}

export default function ImportPage() {
  const session = useSession();
  const uid = session.user?.uid;
  const { announce } = useFeedback();
  const [file, setFile] = useState<File>();
  const [choices, setChoices] = useState<ImportChoices>({});
  const [preview, setPreview] = useState<ImportPreview>();
  /** The share of the file sent while an upload runs. */
  const [sent, setSent] = useState<number>();
  const [error, setError] = useState<string>();
  const [mappingNote, setMappingNote] = useState<MappingNote>();
  const [showMapping, setShowMapping] = useState(false);
  const upload = useRef<AbortController | null>(null);
  const previewHeading = useRef<HTMLHeadingElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => () => upload.current?.abort(), []);
  useEffect(() => {
    if (preview) previewHeading.current?.focus();
  }, [preview]);
  useEffect(() => {
    if (error !== undefined) errorRef.current?.focus();
  }, [error]);

  /**
   * Sends the file with these choices for a new preview. A file of the user's own columns whose header they saved a
   * mapping for is read again with it, at once, and the screen says so.
   */
  async function send(chosen: File, next: ImportChoices) {
    upload.current?.abort();
    const controller = new AbortController();
    upload.current = controller;
    setSent(0);
    setError(undefined);
    try {
      let answer = await previewImport(chosen, next, setSent, controller.signal);
      let applied = false;
      const saved =
        next.mapping === undefined && uid !== undefined && answer.layout === 'mapped'
          ? savedMappingFor(uid, answer.columns)
          : undefined;
      if (saved !== undefined && !sameMapping(saved, answer.mapping)) {
        next = { ...next, mapping: saved };
        setSent(0);
        answer = await previewImport(chosen, next, setSent, controller.signal);
        applied = true;
      }
      setChoices(next);
      setPreview(answer);
      if (applied) setMappingNote('applied');
    } catch (failure) {
      if (controller.signal.aborted) return;
      setError(errorMessage(failure));
    } finally {
      if (upload.current === controller) {
        upload.current = null;
        setSent(undefined);
      }
    }
  }

  function chooseFile(chosen: File) {
    setFile(chosen);
    setPreview(undefined);
    setShowMapping(false);
    setMappingNote(undefined);
    void send(chosen, {});
  }

  function reset() {
    upload.current?.abort();
    setFile(undefined);
    setPreview(undefined);
    setChoices({});
    setError(undefined);
    setMappingNote(undefined);
    // The button pressed goes with the preview: the focus goes to choosing the next file.
    fileInput.current?.focus();
  }

  function applyMapping(mapping: ImportMapping) {
    if (file === undefined) return;
    setMappingNote(undefined);
    void send(file, { ...choices, mapping });
  }

  const applyDefaults = (defaults: ImportDefaults) => file && send(file, { ...choices, defaults });

  // Another sheet has other columns: the server guesses its mapping afresh.
  function chooseSheet(sheet: string) {
    if (file === undefined) return;
    setMappingNote(undefined);
    void send(file, { sheet, ...(choices.defaults && { defaults: choices.defaults }) });
  }

  /** Keeps the mapping for the next file with these columns, and reads this one with it if it changed. */
  function keepMapping(mapping: ImportMapping) {
    if (uid === undefined || preview === undefined || file === undefined) return;
    saveMapping(uid, preview.columns, mapping);
    setMappingNote('saved');
    announce('Mapping saved on this device');
    if (!sameMapping(mapping, mappingOf(preview))) void send(file, { ...choices, mapping });
  }

  const isSending = sent !== undefined;
  const mappingShown = preview !== undefined && (preview.layout === 'mapped' || showMapping);

  return (
    <div className="page import-page">
      <ScreenHeader />

      <section className="card import-section" aria-labelledby="import-choose">
        <h2 id="import-choose">Your file</h2>
        <FileChooser fileName={file?.name} onChoose={chooseFile} inputRef={fileInput} />
        {isSending ? <UploadProgress sent={sent} /> : null}
        {error === undefined ? null : <ImportError message={error} focusRef={errorRef} />}
      </section>

      {preview === undefined ? null : (
        <section
          className="card import-section import-preview"
          aria-labelledby="import-preview"
          aria-busy={isSending}
        >
          <h2 id="import-preview" tabIndex={-1} ref={previewHeading}>
            What will import from {preview.file_name}
          </h2>
          <p>
            Recognised as {LAYOUT_NAMES[preview.layout]} ({preview.format.toUpperCase()}
            {preview.sheet === null ? '' : `, sheet ${preview.sheet}`}).
          </p>
          {preview.sheets.length > 1 ? (
            <Select
              label="Sheet"
              options={preview.sheets}
              value={preview.sheet ?? ''}
              onChange={chooseSheet}
              description="Your workbook has several sheets: choose the one that holds the culls."
              isDisabled={isSending}
            />
          ) : null}
          <PreviewCounts preview={preview} />

          {preview.defaults_needed.length > 0 || Object.keys(preview.defaults).length > 0 ? (
            <section className="import-section" aria-labelledby="import-defaults">
              <h3 id="import-defaults">Values for every row</h3>
              <DefaultsChooser
                key={`${preview.id}-${JSON.stringify(preview.defaults)}`}
                needed={preview.defaults_needed}
                chosen={preview.defaults}
                isBusy={isSending}
                onApply={applyDefaults}
              />
            </section>
          ) : null}

          <section className="import-section" aria-labelledby="import-columns">
            <h3 id="import-columns">Columns</h3>
            {mappingNote === 'applied' ? (
              <p className="import-note" role="status">
                Your saved mapping for these columns was applied.
              </p>
            ) : mappingNote === 'saved' ? (
              <p className="import-note" role="status">
                Mapping saved: the next file with these columns will be read this way on this device.
              </p>
            ) : null}
            {preview.layout === 'mapped' ? null : (
              <Button
                variant="secondary"
                aria-expanded={showMapping}
                onPress={() => setShowMapping((shown) => !shown)}
              >
                {showMapping ? 'Hide the columns' : 'Change how the columns are read'}
              </Button>
            )}
            {mappingShown ? (
              <MappingEditor
                key={`${preview.id}-${JSON.stringify(preview.mapping)}`}
                mapping={mappingOf(preview)}
                isBusy={isSending || uid === undefined}
                onApply={applyMapping}
                onSave={keepMapping}
              />
            ) : null}
          </section>

          <Adjustments adjusted={preview.adjusted} />
          <ImportWarnings warnings={preview.warnings} />
          <RefusedRows refused={preview.rows_refused} />

          <section className="import-section" aria-labelledby="import-commit">
            <h3 id="import-commit">Import</h3>
            <CommitStep key={preview.id} preview={preview} onAnother={reset} />
          </section>
        </section>
      )}

      <ImportList
        // The records just removed may be what the preview counted as already there: it is read again.
        onUndone={() => file && preview && void send(file, choices)}
      />
    </div>
  );
}
