import { MESSAGES } from '@cull-log/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { recordCull } from '../api/culls';
import { CullForm } from '../components/CullForm';
import { emptyFormValues, toRecordRequest, type CullFormValues } from '../components/cull-form-model';
import { useRefreshAfterWrite } from '../hooks/useRefreshAfterWrite';
import { randomUuid } from '../lib/uuid';

export default function AddCullPage() {
  const navigate = useNavigate();
  const refreshAfterWrite = useRefreshAfterWrite();
  // One id per visit to this screen, so a retried submit cannot create the record twice.
  const [cullId] = useState(() => randomUuid());

  async function save(values: CullFormValues) {
    const checked = toRecordRequest(values);
    if (!checked.ok) throw new Error(MESSAGES.submitFailed);
    await recordCull({ ...checked.body, id: cullId });
    void refreshAfterWrite();
    navigate('/data');
  }

  return (
    <div className="page page--form">
      <h1>Add New Cull Record</h1>
      <CullForm
        initialValues={emptyFormValues(new Date())}
        submitLabel="Save Record"
        save={save}
        onCancel={() => navigate('/data')}
      />
    </div>
  );
}
