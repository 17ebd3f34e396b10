import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useRecordCull } from '../api/writes';
import { CullForm } from '../components/CullForm';
import { changeMessage, useFeedback } from '../components/feedback-context';
import { emptyFormValues, toRecordRequest } from '../components/cull-form-model';
import { readLastUsed, rememberLastUsed } from '../components/last-used';
import { randomUuid } from '../lib/uuid';

export default function AddCullPage() {
  const navigate = useNavigate();
  // One id per visit to this screen, so a retried submit cannot create the record twice.
  const [cullId] = useState(() => randomUuid());
  const [lastUsed] = useState(readLastUsed);
  const { announce } = useFeedback();
  const recordCull = useRecordCull(cullId, (saved, outcome) => {
    rememberLastUsed(saved);
    announce(changeMessage(saved, 'saved', outcome), { focusHeadingAt: '/data' });
    navigate('/data');
  });

  return (
    <div className="page page--form">
      <h1>Add New Cull Record</h1>
      <CullForm
        initialValues={emptyFormValues(new Date())}
        submitLabel="Save Record"
        check={toRecordRequest}
        save={recordCull}
        onCancel={() => navigate('/data')}
        lastUsed={lastUsed}
      />
    </div>
  );
}
