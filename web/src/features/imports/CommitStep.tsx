import type { ImportCommitResponse, ImportPreview } from '@cull-log/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { ApiRequestError, errorMessage } from '../../api/client';
import { refreshAfter } from '../../api/keys';
import { Button } from '../../ui/Button';
import { ButtonLink } from '../../ui/ButtonLink';
import { StatusMessage } from '../../ui/StatusMessage';
import { commitImport, importQuery, PROGRESS_POLL_MS } from './api';
import { formatNumber } from '@cull-log/domain';
import { recordCount } from './words';

/** "412 records imported, 3 already in Cull Log". */
export function resultLine({ imported, skipped_duplicates }: ImportCommitResponse): string {
  const already = skipped_duplicates === 0 ? '' : `, ${formatNumber(skipped_duplicates)} already in Cull Log`;
  return `${recordCount(imported)} imported${already}`;
}

/**
 * Writes the preview's good rows, with a bar that follows the import as the server writes it (read every second), and
 * then says what was done. A big file can take longer than the request may wait: an answer lost that way leaves the
 * progress read to say when the import has finished.
 */
export function CommitStep({ preview, onAnother }: { preview: ImportPreview; onAnother(): void }) {
  const queryClient = useQueryClient();
  const [running, setRunning] = useState(false);
  const [answerLost, setAnswerLost] = useState(false);
  const [result, setResult] = useState<ImportCommitResponse>();
  const resultRef = useRef<HTMLDivElement>(null);
  const labelId = useId();
  // The ready rows leave out those already in Cull Log, which the import skips.
  const total = preview.rows_ready;

  const finish = (done: ImportCommitResponse) => {
    setRunning(false);
    setResult(done);
    void refreshAfter(queryClient, 'import');
  };

  const commit = useMutation({
    mutationFn: () => commitImport(preview.id),
    onSuccess: finish,
    onError: (error) => {
      if (error instanceof ApiRequestError && error.status === 0) setAnswerLost(true);
      else setRunning(false);
    },
  });
  const progress = useQuery({
    ...importQuery(preview.id, running ? PROGRESS_POLL_MS : false),
    enabled: running,
  });

  const summary = progress.data;
  useEffect(() => {
    if (answerLost && running && summary?.status === 'imported') finish(summary);
  }, [answerLost, running, summary]);

  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  if (result) {
    return (
      <div className="import-result" role="status" tabIndex={-1} ref={resultRef}>
        <p className="import-result__line">{resultLine(result)}</p>
        <div className="form__actions">
          <ButtonLink to="/data">See your records</ButtonLink>
          <Button variant="secondary" onPress={onAnother}>
            Import another file
          </Button>
        </div>
      </div>
    );
  }

  const imported = Math.min(summary?.imported ?? 0, total);
  return (
    <div className="import-commit">
      {running ? (
        <div className="import-progress">
          <span id={labelId}>
            Importing: {formatNumber(imported)} of {recordCount(total)}
          </span>
          <progress className="import-progress__bar" aria-labelledby={labelId} max={total} value={imported} />
        </div>
      ) : null}
      {commit.isError && !running ? (
        <StatusMessage kind="error">The import failed: {errorMessage(commit.error)}</StatusMessage>
      ) : null}
      {answerLost && progress.isError ? (
        <StatusMessage kind="error">
          The import’s progress could not be read ({errorMessage(progress.error)}): it is still trying.
        </StatusMessage>
      ) : null}
      <Button
        isDisabled={running || total === 0}
        onPress={() => {
          setAnswerLost(false);
          setRunning(true);
          commit.mutate();
        }}
      >
        {`Import ${recordCount(total)}`}
      </Button>
    </div>
  );
}
