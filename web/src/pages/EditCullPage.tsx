import { MESSAGES } from '@cull-log/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { amendCull } from '../api/culls';
import { cullQuery } from '../api/queries';
import { CullForm } from '../components/CullForm';
import { StatusMessage } from '../components/StatusMessage';
import { toAmendRequest, valuesFromCull, type CullFormValues } from '../components/cull-form-model';
import { useRefreshAfterWrite } from '../hooks/useRefreshAfterWrite';

export default function EditCullPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const refreshAfterWrite = useRefreshAfterWrite();
  const cull = useQuery({ ...cullQuery(id), staleTime: 0 });

  let content;
  if (cull.isPending) {
    content = <StatusMessage>Loading...</StatusMessage>;
  } else if (cull.isError) {
    console.error('Loading the cull record failed', cull.error);
    content = (
      <>
        <StatusMessage kind="error">{MESSAGES.loadCullFailed}</StatusMessage>
        <p>
          <Link to="/data">Back to Data</Link>
        </p>
      </>
    );
  } else {
    const record = cull.data;
    const save = async (values: CullFormValues) => {
      const checked = toAmendRequest(values, record.version);
      if (!checked.ok) throw new Error(MESSAGES.submitFailed);
      await amendCull(record.id, checked.body);
      void refreshAfterWrite();
      navigate('/data');
    };
    content = (
      <CullForm
        key={`${record.id}:${record.version}`}
        initialValues={valuesFromCull(record)}
        submitLabel="Update Record"
        save={save}
        onCancel={() => navigate('/data')}
      />
    );
  }

  return (
    <div className="page page--form">
      <h1>Edit Cull Record</h1>
      {content}
    </div>
  );
}
