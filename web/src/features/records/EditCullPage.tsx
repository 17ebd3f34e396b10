import { MESSAGES, type CullView } from '@cull-log/contracts';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { cullQuery } from './api';
import { useAmendCull } from '../../api/writes';
import { CullForm } from './CullForm';
import { StatusMessage } from '../../ui/StatusMessage';
import { changeMessage, useFeedback } from '../../ui/feedback-context';
import { valuesFromCull } from './cull-form-model';
import { draftKey } from './form-draft';
import { usePhotoDraft } from './photo-draft';
import { useDeferredQuery } from '../../ui/useDeferredQuery';
import { useSession } from '../../api/useSession';

/**
 * How recent a read of the record must be for the form to edit it without reading it again: the read this screen
 * started as it opened (screen-data.ts) is the latest, and one made on another screen a while ago is read afresh. A
 * save made against a version that has since been replaced is refused, and says so.
 */
const LATEST_WITHIN_MS = 5_000;

export default function EditCullPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const session = useSession();
  const cull = useDeferredQuery({ ...cullQuery(id), staleTime: LATEST_WITHIN_MS });
  const { announce } = useFeedback();
  const photos = usePhotoDraft(cull.data?.photos);
  const amendCull = useAmendCull(
    id,
    (changed, outcome) => {
      const named = {
        species: changed.species ?? cull.data?.species ?? 'Record',
        location_name: changed.location_name ?? cull.data?.location_name ?? '',
      };
      announce(changeMessage(named, 'updated', outcome), { focusHeadingAt: '/data' });
      navigate('/data');
    },
    () => photos.commands(id),
  );

  // The record the form edits, taken once: a later read (a refetch, a sync, one that fails) never redraws the form
  // under the user, and the save is checked against the version they began from, so a change made meanwhile is
  // refused, saying so. A copy read a while ago is first read afresh, unless that cannot be done (no signal).
  const [opened, setOpened] = useState<CullView | undefined>();
  const isLatest = cull.dataUpdatedAt >= Date.now() - LATEST_WITHIN_MS || !cull.isFetching;
  if (opened?.id !== id && cull.data !== undefined && cull.data.id === id && isLatest) setOpened(cull.data);
  const record = opened?.id === id ? opened : undefined;

  let content;
  if (record !== undefined) {
    content = (
      <CullForm
        key={record.id}
        initialValues={valuesFromCull(record)}
        submitLabel="Update Record"
        check={(checks, values) => checks.toAmendRequest(values, record.version, record.ground_id)}
        save={amendCull}
        onCancel={() => navigate('/data')}
        photos={{ draft: photos, recordId: record.id }}
        draftKey={session.user ? draftKey(session.user.uid, { edit: record.id }) : undefined}
        unsavedKind="changes"
      />
    );
  } else if (cull.isPending || cull.data !== undefined) {
    content = <StatusMessage>Loading...</StatusMessage>;
  } else {
    console.error('Loading the cull record failed', cull.error);
    content = (
      <>
        <StatusMessage kind="error">{MESSAGES.loadCullFailed}</StatusMessage>
        <p>
          <Link to="/data">Back to Data</Link>
        </p>
      </>
    );
  }

  return (
    <div className="page page--form">
      <h1>Edit Cull Record</h1>
      {content}
    </div>
  );
}
