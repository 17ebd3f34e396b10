import type { ImportSummary } from '@cull-log/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { refreshAfter } from '../../api/keys';
import { formatUkDate } from '../../lib/format';
import { Button } from '../../ui/Button';
import { useFeedback } from '../../ui/feedback-context';
import { StaleNotice, StatusMessage } from '../../ui/StatusMessage';
import { importsQuery, PROGRESS_POLL_MS, undoImport } from './api';
import { UndoImportDialog } from './UndoImportDialog';
import { formatNumber } from '@cull-log/domain';
import { recordCount } from './words';

const STATUS_NAMES: Record<ImportSummary['status'], string> = {
  previewed: 'Not imported',
  importing: 'Importing',
  imported: 'Imported',
  undone: 'Undone',
};

function ImportItem({ item, onUndo }: { item: ImportSummary; onUndo(item: ImportSummary): void }) {
  return (
    <li className="import-item" aria-label={item.file_name}>
      <p className="import-item__file">{item.file_name}</p>
      <dl className="import-item__facts">
        <div>
          <dt>Date</dt>
          <dd>{formatUkDate(new Date(item.imported_at ?? item.created_at))}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{STATUS_NAMES[item.status]}</dd>
        </div>
        <div>
          <dt>{item.status === 'undone' ? 'Records removed' : 'Records'}</dt>
          <dd>{formatNumber(item.imported)}</dd>
        </div>
      </dl>
      {item.status !== 'imported' ? null : item.undo_blocked === null ? (
        <Button
          variant="secondary"
          onPress={() => onUndo(item)}
          aria-label={`Undo import of ${item.file_name}`}
        >
          Undo import
        </Button>
      ) : (
        <p className="form__hint">Cannot be undone: {item.undo_blocked}</p>
      )}
    </li>
  );
}

/**
 * The user's imports, each one removable whole while none of its records has changed since. `onUndone` is told when
 * one is undone, so a preview on the screen (whose duplicates may have been that import's) can be read again.
 */
export function ImportList({ onUndone }: { onUndone?: () => void } = {}) {
  const queryClient = useQueryClient();
  // An import still being written (started here before, or on another device) is followed until it is done.
  const imports = useQuery({
    ...importsQuery(),
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.status === 'importing') ? PROGRESS_POLL_MS : false,
  });
  const { announce } = useFeedback();
  const [pending, setPending] = useState<ImportSummary | null>(null);
  const undo = useMutation({
    mutationFn: (item: ImportSummary) => undoImport(item.id),
    onSuccess: ({ removed }, item) => {
      // Its Undo button goes with it: the focus goes to the screen's heading.
      announce(`Import of ${item.file_name} undone: ${recordCount(removed)} removed`, {
        focusHeadingAt: '/import',
      });
      onUndone?.();
    },
    // Refused or not, the list is read again: a refusal means a record changed, which the list now says.
    onSettled: () => {
      setPending(null);
      void refreshAfter(queryClient, 'import');
    },
  });
  // An import only looked at (previewed) and never written is no import of the user's.
  const items = imports.data?.items.filter((item) => item.status !== 'previewed') ?? [];

  return (
    <section className="import-section" aria-labelledby="your-imports">
      <h2 id="your-imports">Your imports</h2>
      {undo.isError ? (
        <StatusMessage kind="error">The import was not undone: {errorMessage(undo.error)}</StatusMessage>
      ) : null}
      {imports.isPending ? (
        <StatusMessage>Loading your imports...</StatusMessage>
      ) : imports.data === undefined ? (
        <StatusMessage kind="error">Error loading your imports: {errorMessage(imports.error)}</StatusMessage>
      ) : (
        <>
          {imports.isError ? <StaleNotice error={imports.error} /> : null}
          {items.length === 0 ? (
            <StatusMessage kind="empty">No imports yet.</StatusMessage>
          ) : (
            <ul className="import-list" aria-labelledby="your-imports">
              {items.map((item) => (
                <ImportItem key={item.id} item={item} onUndo={setPending} />
              ))}
            </ul>
          )}
        </>
      )}
      <UndoImportDialog
        item={pending}
        isPending={undo.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && undo.mutate(pending)}
      />
    </section>
  );
}
