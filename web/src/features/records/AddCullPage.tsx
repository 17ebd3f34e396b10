import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useRecordCull } from '../../api/writes';
import { CullForm } from './CullForm';
import { OutingControl } from '../grounds';
import { changeMessage, useFeedback } from '../../ui/feedback-context';
import { emptyFormValues } from './cull-form-model';
import { draftKey } from './form-draft';
import { readRemembered, rememberSaved, withRememberedKit } from './last-used';
import { usePhotoDraft } from './photo-draft';
import { useSession } from '../../api/useSession';
import { randomUuid } from '../../lib/uuid';

export default function AddCullPage() {
  const navigate = useNavigate();
  // One id per visit to this screen, so a retried submit cannot create the record twice.
  const [cullId] = useState(() => randomUuid());
  const { announce } = useFeedback();
  // The stalker filling in the form is usually the one who shot: their name is the shooter until changed.
  const session = useSession();
  const uid = session.user?.uid;
  // What this device remembers of the user's last record, rifle, destination and named places.
  const [remembered] = useState(() => (uid === undefined ? { places: [] } : readRemembered(uid)));
  const [initialValues] = useState(() =>
    withRememberedKit(emptyFormValues(new Date(), session.user?.display_name ?? ''), remembered),
  );
  const photos = usePhotoDraft();
  const recordCull = useRecordCull(
    cullId,
    (saved, outcome) => {
      if (uid !== undefined) rememberSaved(uid, saved);
      announce(changeMessage(saved, 'saved', outcome), { focusHeadingAt: '/data' });
      navigate('/data');
    },
    () => photos.commands(cullId),
  );

  return (
    <div className="page page--form">
      <h1>Add New Cull Record</h1>
      <details className="card outing-panel">
        <summary>Outing</summary>
        <OutingControl />
      </details>
      <CullForm
        initialValues={initialValues}
        submitLabel="Save Record"
        check={(checks, values) => checks.toRecordRequest(values)}
        save={recordCull}
        onCancel={() => navigate('/data')}
        lastUsed={remembered.last}
        namedPlaces={remembered.places}
        locateOnOpen
        photos={{ draft: photos, recordId: cullId }}
        placeInOpenOuting
        draftKey={session.user ? draftKey(session.user.uid, { add: true }) : undefined}
      />
    </div>
  );
}
